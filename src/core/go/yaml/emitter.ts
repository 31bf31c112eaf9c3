/**
 * The emitter (emitterc.go, the libyaml port), driven by recursion instead of an event queue: the
 * column and indentation bookkeeping, simple keys versus `? ` keys, and how each style is written.
 */
import { isBreak, isPrintable, isSpace, utf8Length } from './chars';
import { mappingEntries, scalarOf, type Entries } from './encode';
import {
  analyzeScalar,
  plainScalar,
  selectStyle,
  stringScalar,
  type ScalarAnalysis,
  type ScalarRequest,
} from './style';

export function bestWidth(width: number | undefined): number {
  if (width === undefined || width < 0) return 2 ** 31 - 1;
  return width <= BEST_INDENT * 2 ? 80 : width;
}

const BEST_INDENT = 2;
/** Longest key, in UTF-8 bytes, that yaml.v3 writes as `key: value` rather than `? key`. */
const SIMPLE_KEY_LIMIT = 128;

/** The state the emitter pushes before a child node; only "inside a block sequence item" changes indents. */
type ParentState = 'document' | 'sequence-item' | 'mapping-key' | 'mapping-value';

export class Emitter {
  private out = '';
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private readonly states: ParentState[] = [];
  private readonly ancestors = new Set<object>();

  constructor(private readonly width: number) {}

  document(value: unknown): string {
    this.states.push('document');
    this.node(value);
    this.states.pop();
    this.writeIndent();
    return this.out;
  }

  private node(value: unknown): void {
    const entries = mappingEntries(value);
    if (entries) return this.guarded(value, () => this.mapping(entries));
    if (Array.isArray(value)) return this.guarded(value, () => this.sequence(value));
    this.scalar(scalarOf(value), false);
  }

  /** A value that contains itself cannot be written; its inner copy is written as null. */
  private guarded(value: unknown, write: () => void): void {
    const key = value as object;
    if (this.ancestors.has(key)) return this.scalar(plainScalar('null'), false);
    this.ancestors.add(key);
    write();
    this.ancestors.delete(key);
  }

  private mapping(entries: Entries): void {
    if (entries.length === 0) return this.emptyFlow('{', '}');
    this.increaseIndent(false);
    for (const [key, value] of entries) {
      this.writeIndent();
      const request = stringScalar(key);
      const analysis = analyzeScalar(request.chars);
      if (!analysis.multiline && utf8Length(request.chars) <= SIMPLE_KEY_LIMIT) {
        this.states.push('mapping-value');
        this.scalar(request, true, analysis);
        this.states.pop();
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.states.push('mapping-value');
        this.scalar(request, false, analysis);
        this.states.pop();
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.states.push('mapping-key');
      this.node(value);
      this.states.pop();
    }
    this.indent = this.indents.pop()!;
  }

  private sequence(items: readonly unknown[]): void {
    if (items.length === 0) return this.emptyFlow('[', ']');
    this.increaseIndent(false);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.states.push('sequence-item');
      this.node(item === undefined ? null : item);
      this.states.pop();
    }
    this.indent = this.indents.pop()!;
  }

  /** Empty collections are the only flow collections yaml.v3 writes for plain data. */
  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true);
    this.indent = this.indents.pop()!;
    this.writeIndicator(close, false, false, false);
  }

  // A root plain scalar also marks the stream "open ended" in libyaml; Encode never shows that.
  private scalar(request: ScalarRequest, simpleKey: boolean, analysis?: ScalarAnalysis): void {
    const a = analysis ?? analyzeScalar(request.chars);
    const style = selectStyle(request.style, a, simpleKey, request.chars.length === 0);
    this.increaseIndent(true);
    const v = request.chars;
    if (style === 'plain' || style === 'single') this.writeUnescaped(v, !simpleKey, style === 'single');
    else if (style === 'double') this.writeDoubleQuoted(v, !simpleKey);
    else this.writeLiteral(v);
    this.indent = this.indents.pop()!;
  }

  private increaseIndent(flow: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) {
      this.indent = flow ? BEST_INDENT : 0;
    } else if (this.states[this.states.length - 1] === 'sequence-item') {
      // The first indent inside a sequence item just skips the "- " indicator.
      this.indent += 2;
    } else {
      this.indent = BEST_INDENT * Math.floor((this.indent + BEST_INDENT) / BEST_INDENT);
    }
  }

  private put(ch: string): void {
    this.out += ch;
    this.column++;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
    this.indention = true;
  }

  private write(cp: number): void {
    this.out += String.fromCodePoint(cp);
    this.column++;
  }

  private writeBreak(cp: number): void {
    if (cp === 0x0a) return this.putBreak();
    this.write(cp);
    this.column = 0;
    this.indention = true;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean) {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const ch of indicator) this.put(ch);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  /**
   * Plain and single-quoted text (libyaml's write_plain_scalar and write_single_quoted), which differ
   * only in the quotes, the doubled ' inside them, and that a quoted scalar never folds at its ends.
   */
  private writeUnescaped(v: number[], allowBreaks: boolean, quoted: boolean): void {
    if (quoted) this.writeIndicator("'", true, false, false);
    else if (v.length > 0 && !this.whitespace) this.put(' ');
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i]!;
      if (isSpace(c)) {
        const inside = !quoted || (i > 0 && i < v.length - 1);
        if (allowBreaks && !spaces && this.column > this.width && inside && !isSpace(v[i + 1])) this.writeIndent();
        else this.write(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (quoted && c === 0x27) this.put("'");
        this.write(c);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    if (quoted) this.writeIndicator("'", false, false, false);
    if (quoted || v.length > 0) this.whitespace = false;
    this.indention = false;
  }

  private writeDoubleQuoted(v: number[], allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    // libyaml's is_bom looks at the start of the value, not at the current character, so a value
    // that starts with U+FEFF has every character escaped.
    const bom = v[0] === 0xfeff;
    let spaces = false;
    for (let i = 0; i < v.length; i++) {
      const c = v[i]!;
      if (bom || !isPrintable(c) || isBreak(c) || c === 0x22 || c === 0x5c) {
        this.put('\\');
        const short = ESCAPES.get(c);
        if (short !== undefined) this.put(short);
        else {
          const [letter, digits] = c <= 0xff ? ['x', 2] : c <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter);
          for (const d of c.toString(16).toUpperCase().padStart(digits, '0')) this.put(d);
        }
        spaces = false;
      } else if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > this.width && i > 0 && i < v.length - 1) {
          this.writeIndent();
          if (isSpace(v[i + 1])) this.put('\\');
        } else {
          this.write(c);
        }
        spaces = true;
      } else {
        this.write(c);
        spaces = false;
      }
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeLiteral(v: number[]): void {
    this.writeIndicator('|', true, false, false);
    // An indentation hint when the text starts with a space or a line break.
    if (isSpace(v[0]) || isBreak(v[0])) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = v.length - 1;
    // Chomping: "-" strips a missing final break, "+" keeps several, none (clip) keeps exactly one.
    const chomp = v.length === 0 || !isBreak(v[last]) ? '-' : last === 0 || isBreak(v[last - 1]) ? '+' : '';
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.whitespace = true;
    let breaks = true;
    for (const c of v) {
      if (isBreak(c)) {
        this.writeBreak(c);
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.write(c);
        this.indention = false;
        breaks = false;
      }
    }
  }
}

const ESCAPES = new Map<number, string>([
  [0x00, '0'],
  [0x07, 'a'],
  [0x08, 'b'],
  [0x09, 't'],
  [0x0a, 'n'],
  [0x0b, 'v'],
  [0x0c, 'f'],
  [0x0d, 'r'],
  [0x1b, 'e'],
  [0x22, '"'],
  [0x5c, '\\'],
  [0x85, 'N'],
  [0xa0, '_'],
  [0x2028, 'L'],
  [0x2029, 'P'],
]);
