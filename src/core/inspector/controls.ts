import { parsePointer, toPointer } from '../document/pointer';
import { schemaPathOf, scoreProperty, type SchemaPath } from '../workload/schema-paths';

/**
 * The inspector's controls, by schema path: the one list that says which form control edits each
 * property of a Score workload. The forms render their fields from it (a field names its schema
 * path, and TypeScript checks the name is here), and a test walks the schema and fails when a
 * property has no entry, or an entry no longer matches a property.
 */
export type ControlKind =
  /** A whole form: the workload, a container, a resource. */
  | 'section'
  /** A set of further controls (a fieldset). */
  | 'group'
  /** Named entries, each with a form of its own (service ports, files, volumes, start order, headers). */
  | 'entries'
  /** Text values by key (variables, annotations). */
  | 'key-values'
  /** A list of texts (command, args). */
  | 'list'
  /** Any data: a tree of keys, lists and scalars (resource params, extra metadata). */
  | 'tree'
  | 'text'
  /** Text that may hold `${…}` placeholders, with completion. */
  | 'placeholder-text'
  /** Text over several lines (file contents). */
  | 'long-text'
  /** A whole number (ports). */
  | 'integer'
  /** One of the values the schema lists. */
  | 'choice'
  /** true, or left out. */
  | 'switch'
  | 'cpu'
  | 'memory'
  /** The path that names a file or volume: the key in the map form, `target` in the list form. */
  | 'mount-path';

export interface Control {
  kind: ControlKind;
  /** The field's label, in the user's words. */
  label: string;
}

const probe = (label: string) =>
  ({
    '': { kind: 'group', label },
    '/httpGet': { kind: 'group', label: 'HTTP check' },
    '/httpGet/host': { kind: 'text', label: 'Host' },
    '/httpGet/scheme': { kind: 'choice', label: 'Scheme' },
    '/httpGet/path': { kind: 'text', label: 'Path' },
    '/httpGet/port': { kind: 'integer', label: 'Port' },
    '/httpGet/httpHeaders': { kind: 'entries', label: 'Headers' },
    '/httpGet/httpHeaders/*': { kind: 'group', label: 'Header' },
    '/httpGet/httpHeaders/*/name': { kind: 'text', label: 'Header name' },
    '/httpGet/httpHeaders/*/value': { kind: 'text', label: 'Header value' },
    '/exec': { kind: 'group', label: 'Command check' },
    '/exec/command': { kind: 'list', label: 'Check command' },
    '/exec/command/*': { kind: 'text', label: 'Check command item' },
  }) as const;

type Prefixed<P extends string, K extends string> = `${P}${K}`;

function prefixed<P extends string, T extends Record<string, Control>>(prefix: P, entries: T) {
  return Object.fromEntries(Object.entries(entries).map(([k, v]) => [prefix + k, v])) as {
    [K in keyof T & string as Prefixed<P, K>]: Control;
  };
}

const compute = (label: string) =>
  ({
    '': { kind: 'group', label },
    '/cpu': { kind: 'cpu', label: 'CPU' },
    '/memory': { kind: 'memory', label: 'Memory' },
  }) as const;

export const controls = {
  '': { kind: 'section', label: 'Workload' },
  '/apiVersion': { kind: 'choice', label: 'API version' },
  '/metadata': { kind: 'group', label: 'Metadata' },
  '/metadata/name': { kind: 'text', label: 'Workload name' },
  '/metadata/annotations': { kind: 'key-values', label: 'Annotations' },
  '/metadata/annotations/*': { kind: 'text', label: 'Annotation value' },
  '/metadata/*': { kind: 'tree', label: 'Other metadata' },
  '/service': { kind: 'group', label: 'Service' },
  '/service/ports': { kind: 'entries', label: 'Service ports' },
  '/service/ports/*': { kind: 'group', label: 'Service port' },
  '/service/ports/*/port': { kind: 'integer', label: 'Port' },
  '/service/ports/*/targetPort': { kind: 'integer', label: 'Target port' },
  '/service/ports/*/protocol': { kind: 'choice', label: 'Protocol' },
  '/containers': { kind: 'entries', label: 'Containers' },
  '/containers/*': { kind: 'section', label: 'Container' },
  '/containers/*/image': { kind: 'text', label: 'Image' },
  '/containers/*/command': { kind: 'list', label: 'Command' },
  '/containers/*/command/*': { kind: 'text', label: 'Command item' },
  '/containers/*/args': { kind: 'list', label: 'Arguments' },
  '/containers/*/args/*': { kind: 'text', label: 'Argument' },
  '/containers/*/variables': { kind: 'key-values', label: 'Variables' },
  '/containers/*/variables/*': { kind: 'placeholder-text', label: 'Variable value' },
  '/containers/*/files': { kind: 'entries', label: 'Files' },
  '/containers/*/files/*': { kind: 'group', label: 'File' },
  '/containers/*/files/*/target': { kind: 'mount-path', label: 'Path in the container' },
  '/containers/*/files/*/content': { kind: 'long-text', label: 'Content' },
  '/containers/*/files/*/source': { kind: 'text', label: 'Source file' },
  '/containers/*/files/*/binaryContent': { kind: 'long-text', label: 'Binary content (base64)' },
  '/containers/*/files/*/mode': { kind: 'text', label: 'Mode' },
  '/containers/*/files/*/noExpand': { kind: 'switch', label: 'Leave placeholders unexpanded' },
  '/containers/*/volumes': { kind: 'entries', label: 'Volumes' },
  '/containers/*/volumes/*': { kind: 'group', label: 'Volume' },
  '/containers/*/volumes/*/target': { kind: 'mount-path', label: 'Mount path' },
  '/containers/*/volumes/*/source': { kind: 'placeholder-text', label: 'Volume source' },
  '/containers/*/volumes/*/path': { kind: 'text', label: 'Sub-path' },
  '/containers/*/volumes/*/readOnly': { kind: 'switch', label: 'Read only' },
  '/containers/*/resources': { kind: 'group', label: 'CPU and memory' },
  ...prefixed('/containers/*/resources/requests', compute('Requests')),
  ...prefixed('/containers/*/resources/limits', compute('Limits')),
  ...prefixed('/containers/*/livenessProbe', probe('Liveness probe')),
  ...prefixed('/containers/*/readinessProbe', probe('Readiness probe')),
  '/containers/*/before': { kind: 'entries', label: 'Start order' },
  '/containers/*/before/*': { kind: 'group', label: 'Starts before' },
  '/containers/*/before/*/ready': { kind: 'choice', label: 'Ready when' },
  '/resources': { kind: 'entries', label: 'Resources' },
  '/resources/*': { kind: 'section', label: 'Resource' },
  '/resources/*/type': { kind: 'text', label: 'Type' },
  '/resources/*/class': { kind: 'text', label: 'Class' },
  '/resources/*/id': { kind: 'text', label: 'Shared id' },
  '/resources/*/metadata': { kind: 'group', label: 'Metadata' },
  '/resources/*/metadata/annotations': { kind: 'key-values', label: 'Annotations' },
  '/resources/*/metadata/annotations/*': { kind: 'text', label: 'Annotation value' },
  '/resources/*/metadata/*': { kind: 'tree', label: 'Other metadata' },
  '/resources/*/params': { kind: 'tree', label: 'Params' },
  '/resources/*/params/*': { kind: 'tree', label: 'Param' },
} as const satisfies Record<SchemaPath, Control>;

/** A schema path that has a control; forms name their fields by these. */
export type FieldPath = keyof typeof controls;

export function controlOf(path: SchemaPath): Control | undefined {
  return Object.prototype.hasOwnProperty.call(controls, path) ? (controls as Record<string, Control>)[path] : undefined;
}

/** The schema's description of a field, for its hint; '' when it has none. */
export function describeField(path: FieldPath): string {
  return scoreProperty(path)?.description ?? '';
}

/** The values a choice offers: the schema's enum, or for a value fixed by a pattern (apiVersion) its examples. */
export function choicesOf(path: FieldPath): readonly string[] {
  const property = scoreProperty(path);
  return property?.choices ?? property?.examples ?? [];
}

/**
 * The pointer of the control that shows a diagnostic at `pointer`: the nearest place, walking up,
 * that has a control. Inside a free tree every node has its own row, so the place itself.
 * A path the schema does not know (an unknown key) goes to the control around it.
 */
export function fieldOwner(pointer: string): string {
  let owner = owners.get(pointer);
  if (owner === undefined) {
    if (owners.size >= MAX_OWNERS_KEPT) owners.clear();
    owner = findOwner(pointer);
    owners.set(pointer, owner);
  }
  return owner;
}

/**
 * The owners found so far. fieldOwner runs for every problem at every check, and from one check to
 * the next the problems are mostly at the same places; its answer depends on the pointer alone (and
 * the schema, which does not change), so it is worked out once per pointer.
 */
const owners = new Map<string, string>();
const MAX_OWNERS_KEPT = 10_000;

function findOwner(pointer: string): string {
  const segments = parsePointer(pointer);
  for (let n = segments.length; n > 0; n--) {
    const place = toPointer(segments.slice(0, n));
    const at = schemaPathOf(place);
    if (!at) continue;
    if (at.depth < n || controlOf(at.path)?.kind === 'tree') return place;
    if (controlOf(at.path)) return place;
  }
  return '';
}
