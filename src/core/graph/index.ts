/**
 * The workload as a graph for the canvas: nodes and edges derived from the document (no React),
 * what a connection between two nodes means, the palette's resource types, and layout.
 */
export * from './types';
export { deriveGraph } from './derive';
export { READINESS_CHOICES, readinessWords, startOrderLabel } from './start-order';
export {
  connectionTargets,
  planConnection,
  readinessProblem,
  startOrderPath,
  suggestVariableName,
  type ConnectionPlan,
} from './connect';
export {
  builtInResourceTypes,
  paletteTypes,
  resourceTypeInfo,
  uniqueName,
  type ResourceIcon,
  type ResourceTypeInfo,
} from './resource-types';
export {
  autoLayout,
  estimatedSize,
  placeNear,
  placeNewNodes,
  type Positions,
  type Rect,
  type Size,
  type XY,
} from './layout';
export { referencesToResource, removalOrder, type DanglingReference } from './dangling';
export { elementAt, pointerOf } from './selection';
export { accessibleName, problemCount } from './describe';
