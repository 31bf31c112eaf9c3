/**
 * How Compose writes values, read as Score writes them: command lines, `${VAR}` interpolation,
 * memory and CPU amounts.
 */
import { readShellWords } from '../../export/compose/compose-values';
import { cpuQuantity, memoryQuantity } from '../../quick-fixes/values';

/**
 * A command line as Compose splits a string `command:` or `entrypoint:` (go-shellwords, as our
 * Compose export reads it too). Undefined when a quote is never closed, which Compose refuses.
 */
export function shellWords(line: string): string[] | undefined {
  const { words, unclosed } = readShellWords(line);
  return unclosed ? undefined : words;
}

/** One piece of a Compose value: literal text, or a `${NAME}` / `$NAME` the Compose file interpolates. */
export type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; name: string; raw: string; modifier?: string }
  | { kind: 'broken'; raw: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/**
 * Splits a value at Compose's interpolation: `$$` is a literal `$`; `${NAME}` and `$NAME` read the
 * environment, `${NAME:-default}` and the other forms with a modifier too (the modifier is kept to
 * be reported); anything else after a `$` is broken.
 */
export function interpolation(value: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c !== '$') {
      text += c;
      continue;
    }
    const next = value[i + 1];
    if (next === '$') {
      text += '$';
      i++;
    } else if (next === '{') {
      const close = closingBrace(value, i + 2);
      const inner = close < 0 ? '' : value.slice(i + 2, close);
      const name = NAME.exec(inner)?.[0];
      flush();
      if (close < 0 || name === undefined) {
        out.push({ kind: 'broken', raw: close < 0 ? value.slice(i) : value.slice(i, close + 1) });
        if (close < 0) return out;
      } else {
        const modifier = inner.slice(name.length);
        out.push({ kind: 'variable', name, raw: value.slice(i, close + 1), ...(modifier ? { modifier } : {}) });
      }
      i = close;
    } else {
      const name = NAME.exec(value.slice(i + 1))?.[0];
      if (name === undefined) text += '$';
      else {
        flush();
        out.push({ kind: 'variable', name, raw: '$' + name });
        i += name.length;
      }
    }
  }
  flush();
  return out;
}

/** The `}` that closes a `${` whose content starts at `from`, counting nested `${…}`; -1 when none does. */
function closingBrace(value: string, from: number): number {
  let depth = 1;
  for (let i = from; i < value.length; i++) {
    if (value[i] === '$' && value[i + 1] === '{') {
      depth++;
      i++;
    } else if (value[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Whether a value holds interpolation Compose would fill in (`$$` alone is a literal dollar). */
export function interpolates(value: string): boolean {
  return interpolation(value).some((p) => p.kind !== 'text');
}

/** A literal text as Score writes it: a `$` is written `$$`, so that no placeholder starts there. */
export function scoreLiteral(text: string): string {
  return text.replace(/\$/g, '$$$$');
}

/** Compose's memory (`512m`, `1gb`, a number of bytes) as a Score quantity. */
export function memoryFrom(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
  return typeof value === 'string' ? memoryQuantity(value) : undefined;
}

/** Compose's CPUs (`0.5`, `"1.5"`) as a Score CPU amount. */
export function cpuFrom(value: unknown): string | undefined {
  if (typeof value === 'number') return value > 0 && Number.isFinite(value) ? cpuQuantity(String(value)) : undefined;
  return typeof value === 'string' ? cpuQuantity(value) : undefined;
}
