/**
 * The parser's view of the lexer (parse.go next, backup, peek with its three-token look-ahead) and
 * its errors, worded as Go words them: `template: NAME:LINE: MESSAGE`.
 */
import type { TemplateTree } from './ast';
import { TemplateError, type BudgetLimit } from './errors';
import { itemString, type Item, type ItemType, type Lexer } from './lexer';

export interface Shared {
  lex: Lexer;
  text: string;
  parseName: string;
  functions: Set<string> | null;
  trees: Map<string, TemplateTree>;
}

export const EOF_ITEM: Item = { type: 'eof', pos: 0, val: 'EOF', line: 0 };

export class TokenReader {
  private readonly token: Item[] = [EOF_ITEM, EOF_ITEM, EOF_ITEM];
  private peekCount = 0;
  /** The line of the action being parsed, for "in action started at" (0 outside one). */
  protected actionLine = 0;

  constructor(protected readonly shared: Shared) {}

  // --- token buffer (parse.go next/backup/peek) ---

  protected next(): Item {
    if (this.peekCount > 0) this.peekCount--;
    else this.token[0] = this.shared.lex.nextItem();
    return this.token[this.peekCount] ?? EOF_ITEM;
  }
  protected backup(): void {
    this.peekCount++;
  }
  protected backup2(t1: Item): void {
    this.token[1] = t1;
    this.peekCount = 2;
  }
  protected backup3(t2: Item, t1: Item): void {
    this.token[1] = t1;
    this.token[2] = t2;
    this.peekCount = 3;
  }
  protected peek(): Item {
    if (this.peekCount > 0) return this.token[this.peekCount - 1] ?? EOF_ITEM;
    this.peekCount = 1;
    this.token[0] = this.shared.lex.nextItem();
    return this.token[0];
  }
  protected nextNonSpace(): Item {
    for (;;) {
      const token = this.next();
      if (token.type !== 'space') return token;
    }
  }
  protected peekNonSpace(): Item {
    const token = this.nextNonSpace();
    this.backup();
    return token;
  }

  // --- errors ---

  errorf(message: string, budget?: BudgetLimit): never {
    const line = (this.token[0] ?? EOF_ITEM).line;
    throw new TemplateError(`template: ${this.shared.parseName}:${line}: ${message}`, 'parse', {
      line,
      ...(budget ? { budget } : {}),
    });
  }
  protected expect(expected: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.type !== expected) this.unexpected(token, context);
    return token;
  }
  protected expectOneOf(a: ItemType, b: ItemType, context: string): Item {
    const token = this.nextNonSpace();
    if (token.type !== a && token.type !== b) this.unexpected(token, context);
    return token;
  }
  protected unexpected(token: Item, context: string): never {
    if (token.type === 'error') {
      let extra = '';
      if (this.actionLine !== 0 && this.actionLine !== token.line) {
        extra = ` in action started at ${this.shared.parseName}:${this.actionLine}`;
        if (token.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      this.errorf(`${itemString(token)}${extra}`);
    }
    this.errorf(`unexpected ${itemString(token)} in ${context}`);
  }
}
