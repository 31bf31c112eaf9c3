/**
 * The workload as a graph for the canvas: nodes and edges derived from the document (no React),
 * what a connection between two nodes means, and layout; and, for the canvas, the resource types of
 * the catalog's registry and the names new nodes get.
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
  resourceTypeInfo,
  resourceTypes,
  type ResourceIcon,
  type ResourceTypeInfo,
} from '../catalog/resource-types';
export { uniqueName } from '../workload/names';
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
