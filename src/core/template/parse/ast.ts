/**
 * The parse tree of a Go template, with the node kinds of Go's text/template/parse. nodeString()
 * prints a node the way Go's Node.String() does, because execution errors quote it: `at <.Foo.Bar>`.
 */
import { quote } from '../../go/strconv';

interface At {
  /** UTF-16 offset of the node in the source text. */
  pos: number;
}

export interface ListNode extends At {
  type: 'list';
  nodes: Node[];
}
export interface TextNode extends At {
  type: 'text';
  text: string;
}
export interface CommentNode extends At {
  type: 'comment';
  text: string;
}
export interface ActionNode extends At {
  type: 'action';
  line: number;
  pipe: PipeNode;
}
interface Branch extends At {
  line: number;
  pipe: PipeNode;
  list: ListNode;
  elseList: ListNode | null;
}
export interface IfNode extends Branch {
  type: 'if';
}
export interface RangeNode extends Branch {
  type: 'range';
}
export interface WithNode extends Branch {
  type: 'with';
}
export interface TemplateNode extends At {
  type: 'template';
  line: number;
  name: string;
  pipe: PipeNode | null;
}
export interface BreakNode extends At {
  type: 'break';
  line: number;
}
export interface ContinueNode extends At {
  type: 'continue';
  line: number;
}
export interface PipeNode extends At {
  type: 'pipe';
  line: number;
  isAssign: boolean;
  decl: VariableNode[];
  cmds: CommandNode[];
}
export interface CommandNode extends At {
  type: 'command';
  args: Operand[];
}
export interface FieldNode extends At {
  type: 'field';
  /** The field names, without dots: .A.B is ['A', 'B']. */
  ident: string[];
}
export interface VariableNode extends At {
  type: 'variable';
  /** The variable then its fields: $x.A is ['$x', 'A']. */
  ident: string[];
}
export interface ChainNode extends At {
  type: 'chain';
  node: Operand;
  field: string[];
}
export interface IdentifierNode extends At {
  type: 'identifier';
  ident: string;
}
export interface DotNode extends At {
  type: 'dot';
}
export interface NilNode extends At {
  type: 'nil';
}
export interface BoolNode extends At {
  type: 'bool';
  value: boolean;
}
export interface NumberNode extends At {
  type: 'number';
  /** The literal as written. */
  text: string;
  isInt: boolean;
  isUint: boolean;
  isFloat: boolean;
  isComplex: boolean;
  int: number;
  float: number;
}
export interface StringNode extends At {
  type: 'string';
  /** The literal as written, with its quotes. */
  quoted: string;
  text: string;
}
/** Markers the parser returns for {{end}} and {{else}}; never part of a finished tree. */
export interface EndNode extends At {
  type: 'end';
}
export interface ElseNode extends At {
  type: 'else';
  line: number;
}

export type Operand =
  | FieldNode
  | VariableNode
  | ChainNode
  | IdentifierNode
  | DotNode
  | NilNode
  | BoolNode
  | NumberNode
  | StringNode
  | PipeNode;

export type Node =
  | ListNode
  | TextNode
  | CommentNode
  | ActionNode
  | IfNode
  | RangeNode
  | WithNode
  | TemplateNode
  | BreakNode
  | ContinueNode
  | CommandNode
  | EndNode
  | ElseNode
  | Operand;

/** One named template: the main one or a {{define}}/{{block}}. */
export interface TemplateTree {
  name: string;
  root: ListNode;
}

function pipeString(p: PipeNode): string {
  let out = '';
  if (p.decl.length > 0) {
    out += p.decl.map(nodeString).join(', ');
    out += p.isAssign ? ' = ' : ' := ';
  }
  return out + p.cmds.map(nodeString).join(' | ');
}

function branchString(keyword: string, b: Branch): string {
  let out = `{{${keyword} ${pipeString(b.pipe)}}}${nodeString(b.list)}`;
  if (b.elseList) out += `{{else}}${nodeString(b.elseList)}`;
  return out + '{{end}}';
}

/** Go's Node.String(). */
export function nodeString(n: Node): string {
  switch (n.type) {
    case 'list':
      return n.nodes.map(nodeString).join('');
    case 'text':
      return n.text;
    case 'comment':
      return `{{${n.text}}}`;
    case 'action':
      return `{{${pipeString(n.pipe)}}}`;
    case 'if':
      return branchString('if', n);
    case 'range':
      return branchString('range', n);
    case 'with':
      return branchString('with', n);
    case 'template':
      return n.pipe ? `{{template ${quote(n.name)} ${pipeString(n.pipe)}}}` : `{{template ${quote(n.name)}}}`;
    case 'break':
      return '{{break}}';
    case 'continue':
      return '{{continue}}';
    case 'pipe':
      return pipeString(n);
    case 'command':
      return n.args.map((a) => (a.type === 'pipe' ? `(${pipeString(a)})` : nodeString(a))).join(' ');
    case 'field':
      return n.ident.map((f) => '.' + f).join('');
    case 'variable':
      return n.ident.join('.');
    case 'chain': {
      const inner = n.node.type === 'pipe' ? `(${pipeString(n.node)})` : nodeString(n.node);
      return inner + n.field.map((f) => '.' + f).join('');
    }
    case 'identifier':
      return n.ident;
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return n.value ? 'true' : 'false';
    case 'number':
      return n.text;
    case 'string':
      return n.quoted;
    case 'end':
      return '{{end}}';
    case 'else':
      return '{{else}}';
  }
}

/** parse.IsEmptyTree: only whitespace text and comments. */
export function isEmptyTree(n: Node | null): boolean {
  if (n === null) return true;
  switch (n.type) {
    case 'comment':
      return true;
    case 'list':
      return n.nodes.every(isEmptyTree);
    case 'text':
      return n.text.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '').length === 0;
    default:
      return false;
  }
}
