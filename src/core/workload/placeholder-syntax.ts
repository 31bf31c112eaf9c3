/**
 * Score placeholders in a string: `${metadata.KEY}` and `${resources.NAME.OUTPUT}`; how they are
 * found, split, filled in and renamed. (Where a workload holds them: placeholders.ts.)
 *
 * The grammar follows score-go (framework/substitution.go), whose matcher is, at each `$`:
 * `$${…}` (an escape, the literal `${…}`), else `${…}` (a placeholder), else `$$` (an escape, `$`).
 * The content runs to the FIRST `}`, so nothing nests; a `${` with no `}` after it is plain text.
 */

export interface PlaceholderToken {
  /** Offset of the `$` in the string. */
  start: number;
  /** Offset just past the closing `}`. */
  end: number;
  /** The `${…}` text as written. */
  raw: string;
  /** The text between the braces. */
  content: string;
}

/** One match of the score-go matcher: a placeholder, or an escape (`$$` or `$${…}`). */
interface Segment {
  kind: 'placeholder' | 'escape';
  start: number;
  end: number;
}

/** Walks the string once, left to right, the way the score-go regex does. */
function scanSegments(value: string): Segment[] {
  const out: Segment[] = [];
  const n = value.length;
  // Once no `}` is left, no later `${` can close: remember it, so hostile input stays linear.
  let noCloseFrom = n + 1;
  const closeAfter = (from: number): number => {
    if (from >= noCloseFrom) return -1;
    const at = value.indexOf('}', from);
    if (at < 0) noCloseFrom = from;
    return at;
  };
  let i = value.indexOf('$');
  while (i >= 0 && i < n) {
    const next = value.charCodeAt(i + 1);
    if (next === 36 /* $ */) {
      const close = value.charCodeAt(i + 2) === 123 /* { */ ? closeAfter(i + 3) : -1;
      const end = close >= 0 ? close + 1 : i + 2;
      out.push({ kind: 'escape', start: i, end });
      i = value.indexOf('$', end);
    } else if (next === 123 /* { */) {
      const close = closeAfter(i + 2);
      if (close >= 0) {
        out.push({ kind: 'placeholder', start: i, end: close + 1 });
        i = value.indexOf('$', close + 1);
      } else i = value.indexOf('$', i + 1);
    } else i = value.indexOf('$', i + 1);
  }
  return out;
}

/** Every placeholder in a string, in order. Escaped ones (`$${x}`) are not placeholders. Read only: shared. */
export function scanPlaceholders(value: string): readonly Readonly<PlaceholderToken>[] {
  return analyse(value).tokens;
}

/** The placeholders of a string with each one's reference split (parseReference). Read only: shared. */
export function scanPlaceholderReferences(value: string): Pick<StringPlaceholders, 'tokens' | 'parts'> {
  return analyse(value);
}

/**
 * Offset of the first `${` that no `}` closes, or -1. score-go keeps such text literally; the rules
 * warn about it because it is almost always a typo.
 */
export function findUnterminatedPlaceholder(value: string): number {
  return analyse(value).unterminated;
}

/** What the scanner finds in one string. */
interface StringPlaceholders {
  tokens: readonly Readonly<PlaceholderToken>[];
  /** Each token's reference, split (parseReference). */
  parts: readonly (readonly string[])[];
  unterminated: number;
}

/**
 * The placeholders of a string, remembered by string: after an edit nearly every string of the
 * workload is the same as at the last check, and finding them all again made a check of a large
 * workload allocate a megabyte more (which the next garbage collection pays for in the middle of a
 * frame). Only short strings are kept, and the number kept is bounded.
 */
function analyse(value: string): StringPlaceholders {
  const remember = value.length <= REMEMBERED_LENGTH;
  const known = remember ? byString.get(value) : undefined;
  if (known) return known;
  const segments = scanSegments(value);
  const tokens: PlaceholderToken[] = [];
  for (const s of segments) {
    if (s.kind !== 'placeholder') continue;
    tokens.push({
      start: s.start,
      end: s.end,
      raw: value.slice(s.start, s.end),
      content: value.slice(s.start + 2, s.end - 1),
    });
  }
  const found = {
    tokens,
    parts: tokens.map((t) => parseReference(t.content)),
    unterminated: unterminatedIn(value, segments),
  };
  if (remember) {
    if (byString.size >= REMEMBERED_STRINGS) byString.clear();
    byString.set(value, found);
  }
  return found;
}

const byString = new Map<string, StringPlaceholders>();
const REMEMBERED_LENGTH = 1_000;
const REMEMBERED_STRINGS = 10_000;

function unterminatedIn(value: string, segments: readonly Segment[]): number {
  const lastClose = value.lastIndexOf('}');
  let from = 0;
  for (const s of segments) {
    // Text between matches is literal; a `${` there was not matched, so it is unterminated.
    const gap = value.indexOf('${', from);
    if (gap >= 0 && gap < s.start && gap + 2 > lastClose) return gap;
    from = s.end;
  }
  const tail = value.indexOf('${', from);
  return tail >= 0 && tail + 2 > lastClose ? tail : -1;
}

/** Splits a reference on `.`; `\.` is a dot inside a part (score-go `SplitRefParts`). */
export function parseReference(content: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (c === '\\' && content[i + 1] === '.') {
      part += '.';
      i++;
    } else if (c === '.') {
      parts.push(part);
      part = '';
    } else part += c;
  }
  parts.push(part);
  return parts;
}

/** The inverse of parseReference for one part: dots are written `\.`. */
function escapeReferencePart(part: string): string {
  return part.replace(/\./g, '\\.');
}

/**
 * Substitutes placeholders as score-go does with its default un-escaper: `$$` → `$`, `$${x}` → `${x}`.
 * A placeholder the lookup cannot resolve stays as written and is listed in `unresolved`.
 */
export function resolvePlaceholders(
  value: string,
  lookup: (parts: string[], token: PlaceholderToken) => string | undefined,
): { text: string; unresolved: PlaceholderToken[] } {
  const unresolved: PlaceholderToken[] = [];
  let text = '';
  let at = 0;
  for (const s of scanSegments(value)) {
    text += value.slice(at, s.start);
    if (s.kind === 'escape') text += value.slice(s.start + 1, s.end);
    else {
      const token: PlaceholderToken = {
        start: s.start,
        end: s.end,
        raw: value.slice(s.start, s.end),
        content: value.slice(s.start + 2, s.end - 1),
      };
      const resolved = lookup(parseReference(token.content), token);
      if (resolved === undefined) {
        unresolved.push(token);
        text += token.raw;
      } else text += resolved;
    }
    at = s.end;
  }
  return { text: text + value.slice(at), unresolved };
}

/**
 * Rewrites `${resources.FROM…}` to `${resources.TO…}` (after a resource rename). Everything else,
 * escapes and other placeholders included, stays byte-identical.
 */
export function renameResourceInPlaceholders(value: string, from: string, to: string): string {
  return renameInPlaceholders(value, ['resources'], from, to);
}

/**
 * Rewrites the references to `under.FROM` (a key of the workload's metadata after its rename:
 * `under` is `['metadata', …the keys above it]`) so that they read `under.TO`. Only that part of each
 * placeholder changes: `${metadata.owner.email}` becomes `${metadata.owner.mail}`, and everything else,
 * escapes and other placeholders included, stays byte-identical.
 */
export function renameInPlaceholders(value: string, under: readonly string[], from: string, to: string): string {
  if (from === to) return value;
  const { tokens, parts } = analyse(value);
  let out = '';
  let at = 0;
  tokens.forEach((token, t) => {
    const p = parts[t]!;
    if (p.length <= under.length || p[under.length] !== from || under.some((u, i) => p[i] !== u)) return;
    const [start, end] = partSpan(token.content, under.length);
    const contentStart = token.start + 2;
    out += value.slice(at, contentStart + start) + escapeReferencePart(to);
    at = contentStart + end;
  });
  return at === 0 ? value : out + value.slice(at);
}

/** Where the part numbered `index` of a reference stands in its text (parts are split at unescaped dots). */
function partSpan(content: string, index: number): [number, number] {
  let start = 0;
  let part = 0;
  for (let i = 0; i < content.length; i++) {
    if (content[i] === '\\' && content[i + 1] === '.') i++;
    else if (content[i] === '.') {
      if (part === index) return [start, i];
      part++;
      start = i + 1;
    }
  }
  return [start, content.length];
}

/** score-go's rule for a well-formed placeholder (loader/validate.go): two or more parts of letters, digits, "_" and "-". */
export const WELL_FORMED_PLACEHOLDER = /^[a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)+$/;
const PART = /^[a-zA-Z0-9_-]+$/;

/** Whether score-go lets a placeholder name this key: one part of letters, digits, "_" and "-". */
export const isPlaceholderPart = (key: string): boolean => PART.test(key);
