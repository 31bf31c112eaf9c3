/**
 * The framework-free part of the inspector: which control edits each property of the schema, which
 * form a selection opens, which field shows a diagnostic, and how CPU, memory and placeholder values
 * read. The React forms in src/ui/inspector render from these.
 */
export {
  choicesOf,
  controlOf,
  controls,
  describeField,
  fieldOwner,
  type Control,
  type ControlKind,
  type FieldPath,
} from './controls';
export { previewValue, type ValuePreview } from './preview';
export type { ExportedVariables } from './exported-variables';
export { outputsOfType, resourceTypes, typeOrigin } from '../catalog/resource-types';
export {
  schemaPathOf,
  schemaProperties,
  scoreProperties,
  scoreProperty,
  type SchemaPath,
  type SchemaProperty,
} from '../workload/schema-paths';
export { asRecord, scalarText, valueAt } from '../workload/values';
export { sectionOf, type Section } from './sections';
export {
  cpuSuggestions,
  describeBytes,
  memorySuggestions,
  readCpu,
  readMemory,
  CPU_PATTERN,
  MEMORY_PATTERN,
  type Amount,
} from './units';
