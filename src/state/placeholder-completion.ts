import { knownOutputs } from './known-outputs';

/**
 * What to offer after `${` in the YAML pane: the roots (metadata, resources), then metadata keys,
 * resource names, and a resource's outputs (from its type). Pure: it reads the workload's value
 * (the last readable model) and the text of the line up to the caret.
 */
export interface PlaceholderSuggestion {
  label: string;
  /** What replaces the segment being typed (keys with dots are escaped as `\.`). */
  insert: string;
  kind: 'root' | 'metadata' | 'resource' | 'output';
  detail: string;
}

export interface PlaceholderCompletion {
  /** Column offset in the line where the segment being typed starts (0-based); it is replaced. */
  from: number;
  suggestions: PlaceholderSuggestion[];
}

/** Suggestions for the caret at the end of `lineBefore`, or undefined when it is not inside a `${…`. */
export function completePlaceholder(value: unknown, lineBefore: string): PlaceholderCompletion | undefined {
  const open = openPlaceholderStart(lineBefore);
  if (open === undefined) return undefined;
  const content = lineBefore.slice(open);
  const segments = splitSegments(content);
  const typed = segments.length - 1; // segments before the one being typed
  const from = lineBefore.length - segments[typed]!.length;
  const workload = asRecord(value);
  const suggestions: PlaceholderSuggestion[] = [];
  const [root, ...rest] = segments;
  if (typed === 0) {
    suggestions.push(
      { label: 'metadata', insert: 'metadata', kind: 'root', detail: 'A value from the workload’s metadata' },
      { label: 'resources', insert: 'resources', kind: 'root', detail: 'An output of one of the workload’s resources' },
    );
  } else if (root === 'metadata') {
    // Walk into nested metadata (annotations.x); offer the keys at the depth being typed.
    let here: unknown = workload?.metadata;
    for (const key of rest.slice(0, -1)) here = asRecord(here)?.[unescape(key)];
    for (const [key, v] of Object.entries(asRecord(here) ?? {})) {
      suggestions.push({ label: key, insert: escape(key), kind: 'metadata', detail: describe(v) });
    }
  } else if (root === 'resources') {
    const resources = asRecord(workload?.resources) ?? {};
    if (typed === 1) {
      for (const [name, r] of Object.entries(resources)) {
        const type = asRecord(r)?.type;
        suggestions.push({
          label: name,
          insert: escape(name),
          kind: 'resource',
          detail: typeof type === 'string' ? `resource of type ${type}` : 'resource',
        });
      }
    } else if (typed === 2) {
      const resource = asRecord(resources[unescape(rest[0]!)]);
      const type = resource?.type;
      for (const output of typeof type === 'string' ? (knownOutputs[type] ?? []) : []) {
        suggestions.push({ label: output, insert: output, kind: 'output', detail: `output of ${type}` });
      }
    }
  }
  return { from, suggestions };
}

/** Where the content of an unclosed `${` ends up before the caret; `$${` is an escape, not a placeholder. */
function openPlaceholderStart(line: string): number | undefined {
  let at: number | undefined;
  for (let i = 0; i < line.length; i++) {
    if (line[i] !== '$') continue;
    if (line[i + 1] === '$') {
      i++; // `$$` is a literal dollar
      continue;
    }
    if (line[i + 1] === '{') {
      const close = line.indexOf('}', i + 2);
      if (close === -1) at = i + 2;
      else i = close;
    }
  }
  return at;
}

/** Splits at dots not escaped with a backslash, keeping the escapes in the segments. */
function splitSegments(content: string): string[] {
  const out = [''];
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (c === '\\' && content[i + 1] === '.') {
      out[out.length - 1] += '\\.';
      i++;
    } else if (c === '.') out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}

const escape = (key: string) => key.replaceAll('.', '\\.');
const unescape = (segment: string) => segment.replaceAll('\\.', '.');

function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  if (asRecord(value)) return 'a mapping';
  return String(value);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
