import type { ParsedDocument } from '../document/parse';
import { isPlaceholderPart } from '../workload/placeholder-syntax';
import { readWorkload } from '../workload/read';
import { followKeys, isRecord } from '../workload/values';
import { entryFor } from './catalog';
import type { Catalog, CatalogEntry } from './types';

/**
 * Completion inside `${…}`, from the catalog: the roots, then metadata keys or resource names, then
 * the outputs the resource's provisioner gives, each with its meaning. The resource's entry is the
 * one that would provision it (type, class and id), so a class-specific provisioner's outputs show.
 */
export interface CompletionItem {
  label: string;
  /** What replaces the segment being typed (dots in keys escaped as `\.`). */
  insert: string;
  kind: 'root' | 'metadata' | 'resource' | 'output';
  /** One line: the meaning of an output, the type of a resource. */
  detail: string;
  /** More words: an example value, the provisioner. */
  documentation?: string;
  /** The output holds a credential. */
  secret?: boolean;
}

export interface Completion {
  /** Offset in `textBeforeCursor` where the segment being typed starts: it is replaced. */
  from: number;
  items: CompletionItem[];
}

/**
 * Items for a caret at the end of `textBeforeCursor` (the line up to the caret, or more), or
 * undefined when the caret is not inside an open `${`.
 */
export function completePlaceholder(
  parsed: ParsedDocument,
  catalog: Catalog,
  textBeforeCursor: string,
): Completion | undefined {
  return completePlaceholderIn(parsed.value, catalog, textBeforeCursor);
}

/** The same, from the workload's plain value (a form field has the value, not the document). */
export function completePlaceholderIn(
  value: unknown,
  catalog: Catalog,
  textBeforeCursor: string,
): Completion | undefined {
  const lineStart = textBeforeCursor.lastIndexOf('\n') + 1;
  const line = textBeforeCursor.slice(lineStart);
  const open = openPlaceholderStart(line);
  if (open === undefined) return undefined;
  const segments = splitSegments(line.slice(open));
  const typed = segments.length - 1;
  const from = textBeforeCursor.length - segments[typed]!.length;
  const workload = readWorkload(value);
  const [root, ...rest] = segments;
  if (typed === 0) return { from, items: ROOTS };
  if (root === 'metadata') return { from, items: metadataItems(workload.metadata?.values, rest.slice(0, -1)) };
  if (root !== 'resources') return { from, items: [] };
  const entryOf = (name: string): CatalogEntry | undefined => {
    const resource = workload.resources.get(name);
    return resource && entryFor(catalog, workload, resource);
  };
  if (typed === 1) {
    const items = [...workload.resources].map(([name, r]): CompletionItem => {
      const type = typeof r.type === 'string' ? r.type : undefined;
      const entry = entryOf(name);
      return {
        label: name,
        insert: escapeKey(name),
        kind: 'resource',
        detail: type ? `${type} resource` : 'resource',
        ...(entry?.description ? { documentation: entry.description } : {}),
      };
    });
    return { from, items };
  }
  if (typed !== 2) return { from, items: [] };
  const entry = entryOf(unescapeKey(rest[0]!));
  if (!entry || entry.anyOutput) return { from, items: [] };
  const items = entry.outputs
    .filter((o) => readable(o.name))
    .map((o): CompletionItem => {
      const notes = [
        o.secret ? 'Secret: shown masked.' : o.example !== undefined ? `Example: ${String(o.example)}` : '',
        entry.outputsDeclared ? '' : 'Seen in a sample run: the provisioner does not list its outputs.',
        `From ${entry.uri}.`,
      ].filter(Boolean);
      return {
        label: o.name,
        insert: escapeKey(o.name),
        kind: 'output',
        detail: o.description || `output of ${entry.type}`,
        documentation: notes.join(' '),
        ...(o.secret ? { secret: true } : {}),
      };
    });
  return { from, items };
}

const ROOTS: CompletionItem[] = [
  { label: 'metadata', insert: 'metadata', kind: 'root', detail: 'A value from the workload’s metadata' },
  { label: 'resources', insert: 'resources', kind: 'root', detail: 'An output of one of the workload’s resources' },
];

function metadataItems(metadata: unknown, path: string[]): CompletionItem[] {
  const keys = path.map(unescapeKey);
  const { value: here, depth } = followKeys(metadata, keys);
  if (depth < keys.length || !isRecord(here)) return [];
  return Object.entries(here)
    .filter(([key]) => readable(key))
    .map(([key, value]) => ({
      label: key,
      insert: escapeKey(key),
      kind: 'metadata' as const,
      detail: describe(value),
    }));
}

/**
 * Whether a placeholder can read a key: score-go's validation (score-compose, score-k8s) allows only
 * letters, digits, "_" and "-" in each part, and refuses a dot escaped as `\.`. Other keys are not
 * offered: inserted, each would be an error (and inside double quotes, `\.` is a YAML syntax error).
 */
const readable = isPlaceholderPart;

/** Where the content of the last unclosed `${` starts; `$$` is an escaped dollar. */
function openPlaceholderStart(line: string): number | undefined {
  let at: number | undefined;
  for (let i = 0; i < line.length; i++) {
    if (line[i] !== '$') continue;
    if (line[i + 1] === '$') {
      i++;
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

/** Splits at dots not escaped with a backslash, keeping the escapes. */
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

const escapeKey = (key: string) => key.replaceAll('.', '\\.');
const unescapeKey = (segment: string) => segment.replaceAll('\\.', '.');

function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  if (isRecord(value)) return 'a mapping';
  return String(value);
}
