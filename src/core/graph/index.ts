/**
 * The workload as a graph for the canvas: nodes and edges derived from the document (no React),
 * the palette's resource types, layout, and the canvas's plans: what connecting, renaming, removing
 * and adding mean, as the commands to run and what to tell the user, decided before anything is written.
 */
export * from './types';
export { deriveGraph } from './derive';
export {
  newProjectWorkload,
  projectParts,
  projectPeer,
  type DrawnPeer,
  type PeerGroupParts,
  type ProjectPeer,
} from './project';
export { drawnPeer, FRAME_HEADER, FRAME_PADDING, placeGroups, withoutPeerParts } from './project-group';
export { READINESS_CHOICES, readinessWords, startOrderLabel } from './start-order';
export {
  connectionTargets,
  planConnection,
  planConnectionFrom,
  planStartOrder,
  planUseResource,
  readinessProblem,
  startOrderPath,
  suggestVariableName,
  type ConnectionPlan,
  type ConnectionStart,
  type ResourceUse,
} from './connect';
export { planRename, type RenamePlan } from './rename';
export { planReferenceRemoval, planRemoval, type RemovalPlan } from './removal';
export { planAddResource, suggestedContainerName } from './add';
export {
  copiedText,
  copyParts,
  isEmptyCopy,
  partsFromText,
  planPaste,
  type CopiedParts,
  type PastePlan,
} from './paste';
export {
  builtInResourceTypes,
  resourceTypeInfo,
  resourceTypes,
  typeOrigin,
  type ResourceIcon,
  type ResourceTypeInfo,
} from '../catalog/resource-types';
export { uniqueName } from '../workload/names';
export {
  autoLayout,
  boundsOf,
  estimatedSize,
  LAYOUT_DIRECTIONS,
  placeNear,
  type LayoutDirection,
  type Positions,
  type Rect,
  type Size,
  type XY,
} from './layout';
export { keepFlow, placeNewNodes, type FlowChange } from './flow';
export { referencesToResource, removalOrder, type DanglingReference } from './dangling';
export { elementAt, pointerOf } from './selection';
export { findNodes } from './find';
export { accessibleName, problemCount } from './describe';
export { ICON_PATHS, type IconName } from './icon-paths';
export { labelLines, pointAt, routeFrom, runsBackwards, type Route } from './diagram';
export {
  countBackwards,
  diagramKey,
  layDiagram,
  measureDiagram,
  placeLabels,
  type Diagram,
  type DiagramMeasure,
  type LabelPlaces,
} from './labels';
export { drawPicture, escapeXml, PICTURE_THEMES, type PictureOptions, type PictureTheme } from './picture';
