/**
 * Parses a Go text/template into trees, following Go's parse/parse.go: the same grammar, the same
 * three-token look-ahead, the same checks (undefined variables, unknown functions, {{break}} outside
 * {{range}}, empty pipelines) and the same error wording, `template: NAME:LINE: MESSAGE`.
 */
import {
  isEmptyTree,
  nodeString,
  type BoolNode,
  type CommandNode,
  type ElseNode,
  type EndNode,
  type ListNode,
  type Node,
  type Operand,
  type PipeNode,
  type TemplateTree,
  type VariableNode,
} from './ast';
import * as strconv from '../../go/strconv';
import { Lexer, type Item, type ItemType } from './lexer';
import { newNumber } from './number';
import { TokenReader, type Shared } from './tokens';

/** A parsed template: the main tree and every {{define}}d or {{block}} tree, by name. */
export interface ParsedTemplate {
  /** The name given at parse time; Go prints it in every error (score-compose uses ""). */
  readonly name: string;
  readonly text: string;
  readonly trees: ReadonlyMap<string, TemplateTree>;
}

export interface ParseOptions {
  /**
   * Function names the template may call besides the builtins. When given, an unknown name is a
   * parse error (`function "foo" not defined`), as in Go; when omitted the check waits for execution.
   */
  functions?: Iterable<string>;
}

/** The functions every template has (text/template's builtins). */
export const BUILTIN_NAMES: readonly string[] = [
  'and',
  'call',
  'html',
  'index',
  'slice',
  'js',
  'len',
  'not',
  'or',
  'print',
  'printf',
  'println',
  'urlquery',
  'eq',
  'ge',
  'gt',
  'le',
  'lt',
  'ne',
];

const MAX_STACK_DEPTH = 1000;
/**
 * {{if}}, {{range}} and {{with}} nested in each other. Go sets no limit (its stacks grow); a JavaScript
 * stack holds a few thousand levels of parsing and walking, and no provisioner nests more than a few.
 */
export const MAX_NESTING = 250;

/** Go's FieldNode/VariableNode identifiers: ".A.B" → [A, B]; "$x.A" → [$x, A]. */
function splitField(text: string): string[] {
  return text.slice(1).split('.');
}

/** One tree's parser (parse.go's Tree): the grammar, on top of the shared lexer's tokens. */
class TreeParser extends TokenReader {
  private vars: string[] = ['$'];
  private rangeDepth = 0;
  private stackDepth = 0;
  private nesting = 0;
  root: ListNode | null = null;

  constructor(
    shared: Shared,
    public name: string,
  ) {
    super(shared);
  }

  // --- trees ---

  /** Adds this tree to the set, as parse.(*Tree).add does. */
  add(): void {
    const existing = this.shared.trees.get(this.name);
    const root = this.root ?? { type: 'list', pos: 0, nodes: [] };
    if (!existing || isEmptyTree(existing.root)) {
      this.shared.trees.set(this.name, { name: this.name, root });
      return;
    }
    if (!isEmptyTree(root)) this.errorf(`template: multiple definition of template ${strconv.quote(this.name)}`);
  }

  /** The top level: like itemList but also accepts {{define}}; runs to EOF. */
  parse(): void {
    this.root = { type: 'list', pos: this.peek().pos, nodes: [] };
    while (this.peek().type !== 'eof') {
      if (this.peek().type === 'leftDelim') {
        const delim = this.next();
        if (this.nextNonSpace().type === 'define') {
          const def = new TreeParser(this.shared, 'definition');
          def.parseDefinition();
          continue;
        }
        this.backup2(delim);
      }
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') this.errorf(`unexpected ${nodeString(n)}`);
      this.root.nodes.push(n);
    }
  }

  private parseDefinition(): void {
    const context = 'define clause';
    const name = this.expectOneOf('string', 'rawString', context);
    this.name = this.unquoteOrFail(name.val);
    this.expect('rightDelim', context);
    const [list, end] = this.itemList();
    this.root = list;
    if (end.type !== 'end') this.errorf(`unexpected ${nodeString(end)} in ${context}`);
    this.add();
  }

  private unquoteOrFail(literal: string): string {
    try {
      return strconv.unquote(literal);
    } catch {
      return this.errorf('invalid syntax');
    }
  }

  private itemList(): [ListNode, EndNode | ElseNode] {
    const list: ListNode = { type: 'list', pos: this.peekNonSpace().pos, nodes: [] };
    while (this.peekNonSpace().type !== 'eof') {
      const n = this.textOrAction();
      if (n.type === 'end' || n.type === 'else') return [list, n];
      list.nodes.push(n);
    }
    return this.errorf('unexpected EOF');
  }

  private textOrAction(): Node {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'text':
        return { type: 'text', pos: token.pos, text: token.val };
      case 'leftDelim':
        this.actionLine = token.line;
        try {
          return this.action();
        } finally {
          this.actionLine = 0;
        }
      case 'comment':
        return { type: 'comment', pos: token.pos, text: token.val };
      default:
        return this.unexpected(token, 'input');
    }
  }

  private action(): Node {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'block':
        return this.blockControl();
      case 'break':
        return this.breakControl(token, 'break');
      case 'continue':
        return this.breakControl(token, 'continue');
      case 'else':
        return this.elseControl();
      case 'end':
        return this.endControl();
      case 'if':
        return this.branchControl('if');
      case 'range':
        return this.branchControl('range');
      case 'template':
        return this.templateControl();
      case 'with':
        return this.branchControl('with');
    }
    this.backup();
    const first = this.peek();
    return { type: 'action', pos: first.pos, line: first.line, pipe: this.pipeline('command', 'rightDelim') };
  }

  private breakControl(keyword: Item, kind: 'break' | 'continue'): Node {
    const token = this.nextNonSpace();
    if (token.type !== 'rightDelim') this.unexpected(token, `{{${kind}}}`);
    if (this.rangeDepth === 0) this.errorf(`{{${kind}}} outside {{range}}`);
    return { type: kind, pos: keyword.pos, line: keyword.line };
  }

  private pipeline(context: string, end: ItemType): PipeNode {
    const first = this.peekNonSpace();
    const pipe: PipeNode = { type: 'pipe', pos: first.pos, line: first.line, isAssign: false, decl: [], cmds: [] };
    // Declarations or assignments: "$x :=", "$x =", "$i, $v :=" (range only).
    for (;;) {
      const v = this.peekNonSpace();
      if (v.type !== 'variable') break;
      this.next();
      const tokenAfterVariable = this.peek();
      const next = this.peekNonSpace();
      if (next.type === 'assign' || next.type === 'declare') {
        pipe.isAssign = next.type === 'assign';
        this.nextNonSpace();
        pipe.decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
        break;
      }
      if (next.type === 'char' && next.val === ',') {
        this.nextNonSpace();
        pipe.decl.push(this.newVariable(v.pos, v.val));
        this.vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const after = this.peekNonSpace().type;
          if (after === 'variable' || after === 'rightDelim' || after === 'rightParen') continue;
          this.errorf('range can only initialize variables');
        }
        this.errorf(`too many declarations in ${context}`);
      }
      if (tokenAfterVariable.type === 'space') this.backup3(v, tokenAfterVariable);
      else this.backup2(v);
      break;
    }
    for (;;) {
      const token = this.nextNonSpace();
      if (token.type === end) {
        this.checkPipeline(pipe, context);
        return pipe;
      }
      switch (token.type) {
        case 'bool':
        case 'charConstant':
        case 'complex':
        case 'dot':
        case 'field':
        case 'identifier':
        case 'number':
        case 'nil':
        case 'rawString':
        case 'string':
        case 'variable':
        case 'leftParen':
          this.backup();
          pipe.cmds.push(this.command());
          break;
        default:
          this.unexpected(token, context);
      }
    }
  }

  private checkPipeline(pipe: PipeNode, context: string): void {
    if (pipe.cmds.length === 0) this.errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, i) => {
      const t = c.args[0]?.type;
      if (t === 'bool' || t === 'dot' || t === 'nil' || t === 'number' || t === 'string') {
        this.errorf(`non executable command in pipeline stage ${i + 2}`);
      }
    });
  }

  private branchControl(context: 'if' | 'range' | 'with'): Node {
    const mark = this.vars.length;
    if (this.nesting >= MAX_NESTING) {
      this.errorf(
        `{{if}}, {{range}} and {{with}} nest more than ${MAX_NESTING} levels deep here; flatten the template`,
        'depth',
      );
    }
    this.nesting++;
    try {
      const pipe = this.pipeline(context, 'rightDelim');
      if (context === 'range') this.rangeDepth++;
      const [list, first] = this.itemList();
      let next = first;
      if (context === 'range') this.rangeDepth--;
      let elseList: ListNode | null = null;
      if (next.type === 'else') {
        // "{{else if …}}" and "{{else with …}}" nest a new if/with in the else branch; its {{end}} closes both.
        const following = this.peek().type;
        if ((context === 'if' && following === 'if') || (context === 'with' && following === 'with')) {
          this.next();
          elseList = { type: 'list', pos: next.pos, nodes: [this.branchControl(context)] };
        } else {
          [elseList, next] = this.itemList();
          if (next.type !== 'end') this.errorf(`expected end; found ${nodeString(next)}`);
        }
      }
      return { type: context, pos: pipe.pos, line: pipe.line, pipe, list, elseList };
    } finally {
      this.nesting--;
      this.vars.length = mark;
    }
  }

  private endControl(): EndNode {
    return { type: 'end', pos: this.expect('rightDelim', 'end').pos };
  }

  private elseControl(): ElseNode {
    const peek = this.peekNonSpace();
    if (peek.type === 'if' || peek.type === 'with') return { type: 'else', pos: peek.pos, line: peek.line };
    const token = this.expect('rightDelim', 'else');
    return { type: 'else', pos: token.pos, line: token.line };
  }

  private blockControl(): Node {
    const context = 'block clause';
    const token = this.nextNonSpace();
    const name = this.parseTemplateName(token, context);
    const pipe = this.pipeline(context, 'rightDelim');
    const block = new TreeParser(this.shared, name);
    const [list, end] = block.itemList();
    block.root = list;
    if (end.type !== 'end') this.errorf(`unexpected ${nodeString(end)} in ${context}`);
    block.add();
    return { type: 'template', pos: token.pos, line: token.line, name, pipe };
  }

  private templateControl(): Node {
    const context = 'template clause';
    const token = this.nextNonSpace();
    const name = this.parseTemplateName(token, context);
    let pipe: PipeNode | null = null;
    if (this.nextNonSpace().type !== 'rightDelim') {
      this.backup();
      pipe = this.pipeline(context, 'rightDelim');
    }
    return { type: 'template', pos: token.pos, line: token.line, name, pipe };
  }

  private parseTemplateName(token: Item, context: string): string {
    if (token.type === 'string' || token.type === 'rawString') return this.unquoteOrFail(token.val);
    return this.unexpected(token, context);
  }

  private command(): CommandNode {
    const cmd: CommandNode = { type: 'command', pos: this.peekNonSpace().pos, args: [] };
    for (;;) {
      this.peekNonSpace();
      const operand = this.operand();
      if (operand) cmd.args.push(operand);
      const token = this.next();
      if (token.type === 'space') continue;
      if (token.type === 'rightDelim' || token.type === 'rightParen') this.backup();
      else if (token.type !== 'pipe') this.unexpected(token, 'operand');
      break;
    }
    if (cmd.args.length === 0) this.errorf('empty command');
    return cmd;
  }

  private operand(): Operand | null {
    const node = this.term();
    if (!node) return null;
    if (this.peek().type !== 'field') return node;
    const chainPos = this.peek().pos;
    const fields: string[] = [];
    while (this.peek().type === 'field') fields.push(this.next().val.slice(1));
    switch (node.type) {
      case 'field':
        return { type: 'field', pos: chainPos, ident: [...node.ident, ...fields] };
      case 'variable':
        return { type: 'variable', pos: chainPos, ident: [...node.ident, ...fields] };
      case 'bool':
      case 'string':
      case 'number':
      case 'nil':
      case 'dot':
        return this.errorf(`unexpected . after term ${strconv.quote(nodeString(node))}`);
      default:
        return { type: 'chain', pos: chainPos, node, field: fields };
    }
  }

  private term(): Operand | null {
    const token = this.nextNonSpace();
    switch (token.type) {
      case 'identifier': {
        const functions = this.shared.functions;
        if (functions && !functions.has(token.val)) this.errorf(`function ${strconv.quote(token.val)} not defined`);
        return { type: 'identifier', pos: token.pos, ident: token.val };
      }
      case 'dot':
        return { type: 'dot', pos: token.pos };
      case 'nil':
        return { type: 'nil', pos: token.pos };
      case 'variable':
        return this.useVar(token.pos, token.val);
      case 'field':
        return { type: 'field', pos: token.pos, ident: splitField(token.val) };
      case 'bool':
        return { type: 'bool', pos: token.pos, value: token.val === 'true' } satisfies BoolNode;
      case 'charConstant':
      case 'complex':
      case 'number':
        return newNumber(token, (message) => this.errorf(message));
      case 'leftParen': {
        if (this.stackDepth >= MAX_STACK_DEPTH) this.errorf('max expression depth exceeded', 'depth');
        this.stackDepth++;
        try {
          return this.pipeline('parenthesized pipeline', 'rightParen');
        } finally {
          this.stackDepth--;
        }
      }
      case 'string':
      case 'rawString':
        return { type: 'string', pos: token.pos, quoted: token.val, text: this.unquoteOrFail(token.val) };
    }
    this.backup();
    return null;
  }

  private newVariable(pos: number, text: string): VariableNode {
    return { type: 'variable', pos, ident: text.split('.') };
  }

  private useVar(pos: number, text: string): VariableNode {
    const v = this.newVariable(pos, text);
    const name = v.ident[0] ?? '';
    if (!this.vars.includes(name)) this.errorf(`undefined variable ${strconv.quote(name)}`);
    return v;
  }
}

/**
 * Parses a template. Throws TemplateError with Go's wording on a syntax error, e.g.
 * `template: name:3: unexpected EOF` or `template: name:1: function "foo" not defined`.
 */
export function parseTemplate(name: string, source: string, options: ParseOptions = {}): ParsedTemplate {
  const functions = options.functions ? new Set([...BUILTIN_NAMES, ...options.functions]) : null;
  const shared: Shared = { lex: new Lexer(source), text: source, parseName: name, functions, trees: new Map() };
  const top = new TreeParser(shared, name);
  top.parse();
  top.add();
  return { name, text: source, trees: shared.trees };
}
