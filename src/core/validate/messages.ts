import { closestField } from '../workload/did-you-mean';
import { valueAtPath } from '../workload/values';

/**
 * The wording of schema diagnostics: where a value sits, said in the user's words
 * ("Memory limit of container "web"", not "/containers/web/resources/limits/memory"),
 * and what would fix each kind of problem.
 */

/** A place in the workload, named for people. */
export interface Place {
  /** What the value is, capitalised to start a sentence: 'Memory limit', 'Container "web"'. */
  noun: string;
  /** What it belongs to, to follow the noun: 'of container "web"'; '' at the top. */
  owner: string;
  /** What kind of thing sits here; for objects it is the schema's definition name ('#' is the workload). */
  kind: string;
}

/** The place as a sentence subject: 'Memory limit of container "web"'. */
export function subject(place: Place): string {
  return place.owner ? `${place.noun} ${place.owner}` : place.noun;
}

/** The subject with the offending value after the noun: 'Memory limit "1GB" of container "web"'. */
export function subjectWithValue(place: Place, value: unknown): string {
  return [place.noun, showValue(value), place.owner].filter(Boolean).join(' ');
}

/** Names the place a pointer's segments lead to. `root` is the workload's data, to tell list items apart. */
export function placeOf(path: readonly string[], root: unknown): Place {
  const [section, name] = path;
  if (path.length === 0) return { noun: 'The workload', owner: '', kind: '#' };
  switch (section) {
    case 'apiVersion':
      return path.length === 1 ? { noun: 'apiVersion', owner: '', kind: 'apiVersion' } : fallback(path);
    case 'metadata':
      if (path.length === 1) return { noun: 'The workload metadata', owner: '', kind: 'workloadMetadata' };
      if (name === 'name' && path.length === 2) return { noun: 'Workload name', owner: '', kind: 'name' };
      if (name === 'annotations') return annotationsPlace(path.slice(2), 'of the workload');
      return { noun: `Metadata field "${name}"`, owner: 'of the workload', kind: 'metadataField' };
    case 'service':
      return servicePlace(path.slice(1));
    case 'containers':
      if (path.length === 1) return { noun: 'Containers', owner: '', kind: 'containers' };
      return containerPlace(name!, path.slice(2), root);
    case 'resources':
      if (path.length === 1) return { noun: 'Resources', owner: '', kind: 'resources' };
      return resourcePlace(name!, path.slice(2));
  }
  return fallback(path);
}

/** What the keys of a mapping name, for INVALID_NAME: 'Container name', 'Annotation key', … */
export function keyNounOf(mapPlace: Place): { noun: string; owner: string } {
  switch (mapPlace.kind) {
    case 'containers':
      return { noun: 'Container name', owner: '' };
    case 'resources':
      return { noun: 'Resource name', owner: '' };
    case 'ports':
      return { noun: 'Service port name', owner: '' };
    case 'before':
      return { noun: 'Container name', owner: `in the start order ${mapPlace.owner}` };
    case 'annotations':
      return { noun: 'Annotation key', owner: mapPlace.owner };
    case 'variables':
      return { noun: 'Variable name', owner: mapPlace.owner };
  }
  return { noun: 'Key', owner: `in ${lowerFirst(subject(mapPlace))}` };
}

function servicePlace(rest: readonly string[]): Place {
  const [ports, port, field] = rest;
  if (rest.length === 0) return { noun: 'The service section', owner: '', kind: 'service' };
  if (ports !== 'ports') return fallback(['service', ...rest]);
  if (rest.length === 1) return { noun: 'Service ports', owner: '', kind: 'ports' };
  if (rest.length === 2) return { noun: `Service port "${port}"`, owner: '', kind: 'servicePort' };
  const owner = `of service port "${port}"`;
  if (rest.length === 3 && field) return { noun: fieldNoun(field), owner, kind: field };
  return fallback(['service', ...rest]);
}

function containerPlace(container: string, rest: readonly string[], root: unknown): Place {
  const of = `of container "${container}"`;
  const [field, key, sub] = rest;
  if (rest.length === 0) return { noun: `Container "${container}"`, owner: '', kind: 'container' };
  switch (field) {
    case 'command':
    case 'args': {
      const list = field === 'command' ? 'Command' : 'Arguments';
      if (rest.length === 1) return { noun: list, owner: of, kind: field };
      const item = field === 'command' ? 'Command item' : 'Argument';
      return { noun: `${item} ${ordinal(key!)}`, owner: of, kind: 'listItem' };
    }
    case 'variables':
      if (rest.length === 1) return { noun: 'Variables', owner: of, kind: 'variables' };
      return { noun: `Variable "${key}"`, owner: of, kind: 'variable' };
    case 'files':
    case 'volumes': {
      const isFile = field === 'files';
      if (rest.length === 1) return { noun: isFile ? 'Files' : 'Volumes', owner: of, kind: field };
      const entries = valueAtPath(root, ['containers', container, field]);
      const entry = entryName(isFile ? 'File' : 'Volume', key!, entries);
      if (rest.length === 2) return { noun: entry, owner: of, kind: isFile ? 'file' : 'volume' };
      if (rest.length === 3)
        return { noun: fieldNoun(sub!), owner: `of ${lowerFirst(entry)} in container "${container}"`, kind: sub! };
      return fallback(['containers', container, ...rest]);
    }
    case 'before':
      if (rest.length === 1) return { noun: 'Start order', owner: of, kind: 'before' };
      if (rest.length === 2) return { noun: `Start-order entry "${key}"`, owner: of, kind: 'startOrder' };
      if (rest.length === 3 && sub === 'ready') {
        return { noun: 'Ready condition', owner: `of start-order entry "${key}" ${of}`, kind: 'ready' };
      }
      return fallback(['containers', container, ...rest]);
    case 'resources':
      if (rest.length === 1) return { noun: 'CPU and memory settings', owner: of, kind: 'containerResources' };
      if (key === 'limits' || key === 'requests') {
        const side = key === 'limits' ? 'limit' : 'request';
        if (rest.length === 2)
          return { noun: key === 'limits' ? 'Limits' : 'Requests', owner: of, kind: 'computeAmounts' };
        if (sub === 'memory' && rest.length === 3) return { noun: `Memory ${side}`, owner: of, kind: 'memory' };
        if (sub === 'cpu' && rest.length === 3) return { noun: `CPU ${side}`, owner: of, kind: 'cpu' };
      }
      return fallback(['containers', container, ...rest]);
    case 'livenessProbe':
    case 'readinessProbe':
      return probePlace(field === 'livenessProbe' ? 'liveness probe' : 'readiness probe', of, rest.slice(1));
  }
  if (rest.length === 1) return { noun: fieldNoun(field!), owner: of, kind: field! };
  return fallback(['containers', container, ...rest]);
}

function probePlace(probe: string, of: string, rest: readonly string[]): Place {
  const [check, field, index, headerField] = rest;
  if (rest.length === 0) return { noun: upperFirst(probe), owner: of, kind: 'probe' };
  if (check === 'httpGet') {
    const owner = `of the ${probe}'s HTTP check in ${of.slice(3)}`;
    if (rest.length === 1) return { noun: 'HTTP check', owner: `of the ${probe} ${of}`, kind: 'httpCheck' };
    if (rest.length === 2) return { noun: fieldNoun(field!), owner, kind: field! };
    if (field === 'httpHeaders' && rest.length === 3)
      return { noun: `Header ${ordinal(index!)}`, owner, kind: 'httpHeader' };
    if (field === 'httpHeaders' && rest.length === 4) {
      return {
        noun: fieldNoun(headerField!),
        owner: `of header ${ordinal(index!)} ${owner}`,
        kind: `header.${headerField}`,
      };
    }
  }
  if (check === 'exec') {
    if (rest.length === 1) return { noun: 'Command check', owner: `of the ${probe} ${of}`, kind: 'commandCheck' };
    const owner = `of the ${probe}'s command check in ${of.slice(3)}`;
    if (rest.length === 2) return { noun: fieldNoun(field!), owner, kind: field! };
    if (rest.length === 3) return { noun: `Command item ${ordinal(index!)}`, owner, kind: 'listItem' };
  }
  if (rest.length === 1) return { noun: fieldNoun(check!), owner: `of the ${probe} ${of}`, kind: check! };
  return { noun: 'Value', owner: `at ${rest.join('.')} of the ${probe} ${of}`, kind: 'unknown' };
}

function resourcePlace(resource: string, rest: readonly string[]): Place {
  const of = `of resource "${resource}"`;
  const [field, key] = rest;
  if (rest.length === 0) return { noun: `Resource "${resource}"`, owner: '', kind: 'resource' };
  if (rest.length === 1)
    return { noun: fieldNoun(field!), owner: of, kind: field === 'metadata' ? 'resourceMetadata' : field! };
  if (field === 'metadata' && key === 'annotations') return annotationsPlace(rest.slice(2), of);
  if (field === 'metadata') return { noun: `Metadata field "${key}"`, owner: of, kind: 'metadataField' };
  if (field === 'params') return { noun: `Parameter "${rest.slice(1).join('.')}"`, owner: of, kind: 'param' };
  return fallback(['resources', resource, ...rest]);
}

function annotationsPlace(rest: readonly string[], owner: string): Place {
  if (rest.length === 0) return { noun: 'Annotations', owner, kind: 'annotations' };
  return { noun: `Annotation "${rest[0]}"`, owner, kind: 'annotation' };
}

function fallback(path: readonly string[]): Place {
  return { noun: `Field "${path[path.length - 1]}"`, owner: `at ${path.join('.')}`, kind: 'unknown' };
}

/** 'File "/etc/app.conf"' in the map form; in the deprecated list form the item's target, else its position. */
function entryName(kind: 'File' | 'Volume', key: string, entries: unknown): string {
  if (Array.isArray(entries)) {
    const target: unknown = valueAtPath(entries, [key, 'target']);
    return typeof target === 'string' && target ? `${kind} "${target}"` : `${kind} ${ordinal(key)}`;
  }
  return `${kind} "${key}"`;
}

const FIELD_NOUNS: Record<string, string> = {
  port: 'Port',
  targetPort: 'Target port',
  protocol: 'Protocol',
  image: 'Image',
  mode: 'Mode',
  source: 'Source',
  content: 'Content',
  binaryContent: 'Binary content',
  noExpand: 'noExpand',
  readOnly: 'readOnly',
  target: 'Target',
  path: 'Path',
  host: 'Host',
  scheme: 'Scheme',
  httpHeaders: 'Headers',
  name: 'Name',
  value: 'Value',
  command: 'Command',
  type: 'Type',
  class: 'Class',
  id: 'Id',
  metadata: 'Metadata',
  params: 'Parameters',
};

function fieldNoun(field: string): string {
  return FIELD_NOUNS[field] ?? `Field "${field}"`;
}

/** List positions as people count them: segment '0' is item 1. */
function ordinal(segment: string): string {
  return /^\d+$/.test(segment) ? String(Number(segment) + 1) : `"${segment}"`;
}

// ---------------------------------------------------------------------------------------------
// What each kind of problem says

/** What a missing required field would look like, keyed by `definition.field`. */
const REQUIRED_HINTS: Record<string, string> = {
  '#.apiVersion': 'apiVersion: score.dev/v1b1 at the top',
  '#.metadata': 'metadata with a name, such as "metadata: {name: my-app}"',
  '#.containers': 'containers, with at least one container such as "web" with image "nginx:1.27"',
  'workloadMetadata.name': 'a name, such as "my-app"',
  'container.image': 'an image, such as "nginx:1.27"',
  'servicePort.port': 'a port number, such as 80',
  'volume.source': 'a source, such as "${resources.data}"',
  'startOrder.ready': 'a ready condition: started, healthy or complete',
  'httpCheck.path': 'a path, such as "/healthz"',
  'httpCheck.port': 'a port number, such as 8080',
  'httpHeader.name': 'a name, such as "X-Health-Check"',
  'httpHeader.value': 'a value',
  'commandCheck.command': 'a command, such as ["cat", "/tmp/healthy"]',
  'resource.type': 'a type, such as "postgres"',
};

export function requiredMessage(parent: Place, field: string): string {
  const hint = REQUIRED_HINTS[`${parent.kind}.${field}`] ?? `the field "${field}"`;
  return `${subject(parent)} needs ${hint}.`;
}

/** How to write a value that matches each pattern of the schema, keyed by the pattern itself. */
export const PATTERN_HINTS: Record<string, { what?: string; fix: string }> = {
  '^score\\.dev/v1b1$': { what: 'Score version', fix: 'use score.dev/v1b1' },
  '^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$': {
    what: 'name',
    fix: "use 2 to 63 lowercase letters, digits and '-', starting and ending with a letter or digit",
  },
  '^(([a-z0-9][a-z0-9-]{0,61}[a-z0-9])(\\.[a-z0-9][a-z0-9-]{0,61}[a-z0-9])*/)?[A-Za-z0-9][A-Za-z0-9._-]{0,61}[A-Za-z0-9]$':
    {
      what: 'annotation key',
      fix: "use letters, digits, '.', '_' and '-', starting and ending with a letter or digit, optionally after a lowercase DNS prefix and '/', such as example.com/team",
    },
  '^[^=]+$': { what: 'variable name', fix: "leave out '='" },
  '^0?[0-7]{3}$': { what: 'file mode', fix: 'use three octal digits, optionally after a 0, such as 0644' },
  '^(0\\.\\d+|[1-9]\\d*(\\.\\d+)?)(K|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$': {
    what: 'quantity',
    fix: 'use a number with an optional unit such as 512Mi or 1G',
  },
  '^\\d+(?:m|\\.\\d+)?$': {
    what: 'CPU amount',
    fix: 'use a whole or decimal number of CPUs, or thousandths of a CPU with m, such as 2, 0.5 or 250m',
  },
  '^[A-Za-z0-9_-]+$': { what: 'header name', fix: "use only letters, digits, '_' and '-'" },
  '^[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$': {
    fix: "use 2 to 63 letters, digits and '-', starting and ending with a letter or digit",
  },
  '^[a-z0-9]+(?:-+[a-z0-9]+)*(?:\\.[a-z0-9]+(?:-+[a-z0-9]+)*)*$': {
    what: 'resource id',
    fix: "use lowercase letters, digits and '-' in labels separated by '.', such as shared.main-db",
  },
};

export function patternMessage(place: Place, value: unknown, pattern: string): string {
  const hint = PATTERN_HINTS[pattern];
  const what = hint?.what ? ` a valid ${hint.what}` : ' valid';
  return `${subjectWithValue(place, value)} is not${what}: ${hint?.fix ?? `it must match ${pattern}`}.`;
}

/** Every number range in the schema is a port; say both ends even when only one was crossed. */
export function rangeMessage(place: Place, value: unknown, keyword: string, limit: unknown): string {
  const fix = /port$/i.test(place.kind)
    ? 'use a number from 1 to 65535'
    : `use a number ${keyword.startsWith('min') ? 'of at least' : 'of at most'} ${String(limit)}`;
  return `${subjectWithValue(place, value)} is out of range: ${fix}.`;
}

export function enumMessage(place: Place, value: unknown, allowed: readonly unknown[]): string {
  return `${subjectWithValue(place, value)} is not allowed: use ${orList(allowed.map(String))}.`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping (key: value pairs)',
  array: 'a list',
  null: 'empty',
};

export function typeMessage(place: Place, value: unknown, expected: string, allowed?: readonly unknown[]): string {
  const want = expected
    .split(',')
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(' or ');
  let fix = '';
  if (allowed && allowed.length > 0) {
    fix = `: use ${orList(allowed.map(String))}`;
  } else if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    fix = `: put it in quotes ("${String(value)}")`;
  } else if (expected === 'integer' && typeof value === 'string' && /^\d+$/.test(value)) {
    fix = `: remove the quotes (${value})`;
  }
  if (value === null)
    return `${subject(place)} must be ${want}, but the value is empty${fix || ': fill it in or remove it'}.`;
  return `${subject(place)} must be ${want}, not ${describeValue(value)}${fix}.`;
}

/** files and volumes take a mapping (or, deprecated, a list); anything else gets this one message. */
export function collectionTypeMessage(place: Place, value: unknown): string {
  const what = place.kind === 'volumes' ? 'mount paths to volume details' : 'paths to file details';
  if (value === null) {
    return `${subject(place)} must be a mapping from ${what}, but the value is empty: fill it in or remove it.`;
  }
  return `${subject(place)} must be a mapping from ${what}, not ${describeValue(value)}.`;
}

const EMPTY_HINTS: Record<string, string> = {
  image: 'an image, such as "nginx:1.27"',
  source: 'a path, such as "./config/app.conf"',
  host: 'a host name, or leave host out',
  'header.value': 'a value',
  target: 'a path in the container',
};

export function lengthMessage(place: Place, value: unknown, keyword: string, limit: number): string {
  if (keyword === 'minLength' && value === '') {
    return `${subject(place)} is empty: give ${EMPTY_HINTS[place.kind] ?? 'at least one character'}.`;
  }
  const length = typeof value === 'string' ? [...value].length : 0;
  return keyword === 'minLength'
    ? `${subjectWithValue(place, value)} is too short: use at least ${plural(limit, 'character')}.`
    : `${subjectWithValue(place, value)} is too long (${length} characters): use at most ${limit}.`;
}

export function nameMessage(
  mapPlace: Place,
  key: string,
  problem: { keyword: string; limit?: number; pattern?: string },
): string {
  const { noun, owner } = keyNounOf(mapPlace);
  const who = [noun, showValue(key), owner].filter(Boolean).join(' ');
  if (problem.keyword === 'minLength' && key === '') return `${who} is empty: give it a name.`;
  if (problem.keyword === 'minLength')
    return `${who} is too short: use at least ${plural(problem.limit ?? 1, 'character')}.`;
  if (problem.keyword === 'maxLength')
    return `${who} is too long (${[...key].length} characters): use at most ${problem.limit}.`;
  const hint = problem.pattern ? PATTERN_HINTS[problem.pattern] : undefined;
  return `${who} is not valid: ${hint?.fix ?? 'rename it'}.`;
}

export function unknownFieldMessage(parent: Place, field: string, allowed: readonly string[]): string {
  const guess = closestField(field, allowed);
  const where = parent.kind === '#' ? 'an unknown top-level field' : 'an unknown field';
  if (guess) return `${subject(parent)} has ${where} "${field}". Did you mean "${guess}"?`;
  if (allowed.length === 0) return `${subject(parent)} has ${where} "${field}": remove it.`;
  return `${subject(parent)} has ${where} "${field}": the allowed fields are ${allowed.join(', ')}.`;
}

export function fewItemsMessage(place: Place, limit: number): string {
  if (place.kind === 'containers') {
    return 'The workload has no containers: add at least one, such as "web" with image "nginx:1.27".';
  }
  return `${subject(place)} needs at least ${plural(limit, 'entry', 'entries')}.`;
}

const FILE_SOURCES = ['content', 'source', 'binaryContent'];

export function missingFileSourceMessage(place: Place): string {
  return `${subject(place)} has no contents: set one of content, source or binaryContent.`;
}

export function ambiguousFileSourceMessage(place: Place, entry: unknown): string {
  const set = FILE_SOURCES.filter((k) => valueAtPath(entry, [k]) !== undefined);
  return `${subject(place)} sets ${set.length === 2 ? 'both ' : ''}${andList(set)}: keep only one of content, source or binaryContent.`;
}

export function missingProbeActionMessage(place: Place): string {
  return `${subject(place)} needs httpGet or exec, such as "httpGet: {path: /healthz, port: 8080}".`;
}

export function deprecatedTargetMessage(entry: Place, collection: string): string {
  return `${subject(entry)} has target, which only the deprecated list form of ${collection} uses: in the map form the key is the path. Remove target.`;
}

export function genericMessage(place: Place, detail: string): string {
  return `${subject(place)} does not match the Score schema: it ${detail}.`;
}

// ---------------------------------------------------------------------------------------------
// Small words

function showValue(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 60 ? value.slice(0, 60) + '…' : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function describeValue(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the text ${showValue(value)}`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `the value ${value}`;
    case 'object':
      return 'a mapping';
  }
  return String(value);
}

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function andList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // Keep field names such as "apiVersion" and quoted names as they are; only plain words drop the capital.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
