import { closestField } from '../workload/did-you-mean';
import { numberText, valueAtPath } from '../workload/values';
import { keyNounOf, showValue, subject, subjectWithValue, type Place } from './places';

/**
 * The wording of schema diagnostics: what would fix each kind of problem, said of the place where it
 * is (places.ts names it).
 */

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

/**
 * ` ("…")`: the value in quotes, as the file writes it. `.nan` and `.inf` are written so (JavaScript
 * says NaN and Infinity); a whole number too large to be held exactly is not repeated (its digits are
 * not known here any more).
 */
function quotedAsWritten(value: number | boolean): string {
  if (typeof value === 'boolean') return ` ("${value}")`;
  if (Number.isNaN(value)) return ' (".nan")';
  if (!Number.isFinite(value)) return value > 0 ? ' (".inf")' : ' ("-.inf")';
  return Number.isInteger(value) && !Number.isSafeInteger(value) ? '' : ` ("${String(value)}")`;
}

export function typeMessage(place: Place, value: unknown, expected: string, allowed?: readonly unknown[]): string {
  const want = expected
    .split(',')
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(' or ');
  let fix = '';
  if (allowed && allowed.length > 0) {
    fix = `: use ${orList(allowed.map(String))}`;
  } else if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    fix = `: put it in quotes${quotedAsWritten(value)}`;
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

function describeValue(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `the text ${showValue(value)}`;
    case 'number':
      return `the number ${numberText(value)}`;
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
