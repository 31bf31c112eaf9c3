/**
 * Evaluating pipelines, commands, fields, variables and function calls with Go's text/template
 * semantics (exec.go evalPipeline … evalArg): missing keys, argument types checked and converted as
 * validateType does, short-circuit and/or, and Go's error texts
 * `template: NAME:LINE:COL: executing "NAME" at <NODE>: MESSAGE`.
 */
import { quote } from '../../go/strconv';
import { utf8Length } from '../../go/unicode/utf8';
import { isInt, isMap, mapGet, typeName } from '../../go/value';
import {
  nodeString,
  type ChainNode,
  type CommandNode,
  type FieldNode,
  type IdentifierNode,
  type Node,
  type NumberNode,
  type PipeNode,
  type TemplateTree,
  type VariableNode,
} from '../parse/ast';
import { messageOf, TemplateError, type BudgetLimit } from '../parse/errors';
import type { ParsedTemplate } from '../parse/parser';
import { AND, BUILTINS, OR } from './builtins';
import { budgetLimitOf, counted, STEPS_PER_CLOCK_CHECK, TEMPLATE_BUDGET } from './budget';
import { paramTypeName, toSpec, type FunctionSpec, type ParamType, type TemplateFunction } from './functions';
import { isTrue } from './truth';

export interface TemplateOptions {
  /** Functions besides the builtins; they take precedence over builtins of the same name, as in Go. */
  functions?: Record<string, TemplateFunction>;
  /** Go's Option("missingkey=…"): what a missing map key gives. Default: no value, printed "<no value>". */
  missingKey?: 'default' | 'zero' | 'error';
  /** The clock the time budget reads, in milliseconds (performance.now); a test gives its own. */
  now?: () => number;
  /**
   * When, on that clock, the run must end at the latest: several templates run for one purpose (a
   * provisioner's, for one resource) share one time budget so. Without it, each run has its own.
   */
  deadline?: number;
}

/** Marks "no final argument" in a pipeline (Go's missingVal); distinct from every data value. */
const MISSING: unique symbol = Symbol('missing');
type Final = unknown;

interface Variable {
  name: string;
  value: unknown;
}

/** A resolved function and whether it is the builtin of that name. */
interface Callable {
  spec: FunctionSpec;
  builtin: boolean;
}

/** The evaluating half of Go's exec.go state: the template being run, its variables and the current node. */
export class Evaluator {
  protected vars: Variable[];
  private node: Node | null = null;
  protected tree: TemplateTree;
  private readonly functions: Map<string, FunctionSpec>;
  private readonly missingKey: 'default' | 'zero' | 'error';
  /** Steps taken so far, against TEMPLATE_BUDGET.steps. */
  private steps = 0;
  /** Characters and items the function calls built so far, against TEMPLATE_BUDGET.memory. */
  private built = 0;
  private readonly now: () => number;
  /** When the run must end by, against TEMPLATE_BUDGET.timeMs. */
  private readonly deadline: number;

  constructor(
    protected readonly parsed: ParsedTemplate,
    main: TemplateTree,
    data: unknown,
    options: TemplateOptions,
  ) {
    this.tree = main;
    // The root data: a nil interface is no value, as reflect.ValueOf(nil) is.
    this.vars = [{ name: '$', value: data === null ? undefined : data }];
    this.functions = new Map(Object.entries(options.functions ?? {}).map(([k, f]) => [k, toSpec(f)]));
    this.missingKey = options.missingKey ?? 'default';
    this.now = options.now ?? Date.now; // the core runs where `performance` may not be typed; ms are enough for a 5 s budget
    this.deadline = Math.min(this.now() + TEMPLATE_BUDGET.timeMs, options.deadline ?? Infinity);
  }

  // --- errors ---

  protected at(node: Node): void {
    this.node = node;
  }

  errorf(message: string, budget?: BudgetLimit): never {
    const name = this.tree.name;
    const over = budget ? { budget } : {};
    if (!this.node) throw new TemplateError(`template: ${name}: ${message}`, 'execute', over);
    const { location, line, column } = this.errorContext(this.node);
    throw new TemplateError(
      `template: ${location}: executing ${quote(name)} at <${nodeString(this.node)}>: ${message}`,
      'execute',
      { line, column, ...over },
    );
  }

  /** parse.Tree.ErrorContext: NAME:LINE:COL, COL being the byte offset in the line. */
  private errorContext(node: Node): { location: string; line: number; column: number } {
    const before = this.parsed.text.slice(0, node.pos);
    const lastNewline = before.lastIndexOf('\n');
    const line = 1 + (before.match(/\n/g)?.length ?? 0);
    const column = utf8Length(before.slice(lastNewline + 1));
    return { location: `${this.parsed.name}:${line}:${column}`, line, column };
  }

  /** One more step (a node walked, a loop turn, a function call); past the budget the run ends with an error. */
  protected step(): void {
    if (++this.steps > TEMPLATE_BUDGET.steps) {
      this.errorf(
        `the template ran more than ${counted(TEMPLATE_BUDGET.steps)} steps, far more than a provisioner needs (a loop too long?); it was stopped`,
        'steps',
      );
    }
    if (this.steps % STEPS_PER_CLOCK_CHECK === 0) this.inTime();
  }

  /** Past the time budget, the run ends with an error (checked every few steps, and after each function call). */
  private inTime(at?: Node): void {
    if (this.now() > this.deadline) {
      if (at) this.at(at);
      this.errorf(
        `the template ran longer than ${counted(TEMPLATE_BUDGET.timeMs / 1000)} seconds, far longer than a provisioner needs; it was stopped`,
        'time',
      );
    }
  }

  // --- variables ---

  protected push(name: string, value: unknown): void {
    this.vars.push({ name, value });
  }
  protected mark(): number {
    return this.vars.length;
  }
  protected pop(mark: number): void {
    this.vars.length = mark;
  }
  protected setVar(name: string, value: unknown): void {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v && v.name === name) {
        v.value = value;
        return;
      }
    }
    this.errorf(`undefined variable: ${name}`);
  }
  protected setTopVar(n: number, value: unknown): void {
    const v = this.vars[this.vars.length - n];
    if (v) v.value = value;
  }
  private varValue(name: string): unknown {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const v = this.vars[i];
      if (v && v.name === name) return v.value;
    }
    return this.errorf(`undefined variable: ${name}`);
  }

  // --- evaluation ---

  protected evalPipeline(dot: unknown, pipe: PipeNode | null): unknown {
    if (!pipe) return undefined;
    this.at(pipe);
    let value: unknown = MISSING;
    for (const cmd of pipe.cmds) {
      value = this.evalCommand(dot, cmd, value);
      // An interface{} holding nil is "no value" once it leaves a command (Go's value.Elem()).
      if (value === null) value = undefined;
    }
    for (const v of pipe.decl) {
      const name = v.ident[0] ?? '';
      if (pipe.isAssign) this.setVar(name, value);
      else this.push(name, value);
    }
    return value;
  }

  private notAFunction(args: readonly Node[] | null, final: Final): void {
    if ((args && args.length > 1) || final !== MISSING) {
      this.errorf(`can't give argument to non-function ${args && args[0] ? nodeString(args[0]) : ''}`);
    }
  }

  private evalCommand(dot: unknown, cmd: CommandNode, final: Final): unknown {
    const first = cmd.args[0];
    if (!first) return this.errorf('empty command');
    switch (first.type) {
      case 'field':
        return this.evalFieldNode(dot, first, cmd.args, final);
      case 'chain':
        return this.evalChainNode(dot, first, cmd.args, final);
      case 'identifier':
        return this.evalFunction(dot, first, cmd, cmd.args, final);
      case 'pipe':
        this.notAFunction(cmd.args, final);
        return this.evalPipeline(dot, first);
      case 'variable':
        return this.evalVariableNode(dot, first, cmd.args, final);
    }
    this.at(first);
    this.notAFunction(cmd.args, final);
    switch (first.type) {
      case 'bool':
        return first.value;
      case 'dot':
        return dot;
      case 'nil':
        return this.errorf('nil is not a command');
      case 'number':
        return this.idealConstant(first);
      case 'string':
        return first.text;
    }
  }

  /** A number literal whose type comes from its spelling: 1 is an int, 1.5 and 1e3 are float64. */
  private idealConstant(n: NumberNode): unknown {
    this.at(n);
    if (n.isComplex) return this.errorf(`complex constant ${n.text} is not supported`);
    // Go's rule, quirks included: hex integers and rune literals are ints even though they may contain E.
    const hexInt = n.text.length > 2 && /^0[xX][^pP]*$/.test(n.text);
    const looksFloat = /[.eEpP]/.test(n.text) && !hexInt && !n.text.startsWith("'");
    if (n.isFloat && looksFloat) return n.float;
    if (n.isInt) return n.int;
    if (n.isUint) return this.errorf(`${n.text} overflows int`);
    return undefined;
  }

  private evalFieldNode(dot: unknown, field: FieldNode, args: readonly Node[] | null, final: Final): unknown {
    this.at(field);
    return this.evalFieldChain(dot, dot, field, field.ident, args, final);
  }

  private evalChainNode(dot: unknown, chain: ChainNode, args: readonly Node[] | null, final: Final): unknown {
    this.at(chain);
    if (chain.field.length === 0) this.errorf('internal error: no fields in evalChainNode');
    if (chain.node.type === 'nil') this.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
    const pipe = this.evalArg(dot, 'value', chain.node);
    return this.evalFieldChain(dot, pipe, chain, chain.field, args, final);
  }

  private evalVariableNode(dot: unknown, v: VariableNode, args: readonly Node[] | null, final: Final): unknown {
    this.at(v);
    const value = this.varValue(v.ident[0] ?? '');
    if (v.ident.length === 1) {
      this.notAFunction(args, final);
      return value;
    }
    return this.evalFieldChain(dot, value, v, v.ident.slice(1), args, final);
  }

  private evalFieldChain(
    dot: unknown,
    receiver: unknown,
    node: Node,
    ident: readonly string[],
    args: readonly Node[] | null,
    final: Final,
  ): unknown {
    const n = ident.length;
    let r = receiver;
    for (let i = 0; i < n - 1; i++) r = this.evalField(ident[i] ?? '', null, MISSING, r, i > 0);
    return this.evalField(ident[n - 1] ?? '', args, final, r, n > 1);
  }

  /**
   * .Field on a value. Maps give their entry (or the missing-key behaviour); following a field
   * through a nil entry is Go's "nil pointer evaluating interface {}.X".
   */
  private evalField(
    fieldName: string,
    args: readonly Node[] | null,
    final: Final,
    receiver: unknown,
    fromMapEntry: boolean,
  ): unknown {
    if (receiver === undefined) {
      if (this.missingKey === 'error') this.errorf(`nil data; no entry for key ${quote(fieldName)}`);
      return undefined;
    }
    if (receiver === null) this.errorf(`nil pointer evaluating interface {}.${fieldName}`);
    const hasArgs = (args !== null && args.length > 1) || final !== MISSING;
    if (isMap(receiver)) {
      if (hasArgs) this.errorf(`${fieldName} is not a method but has arguments`);
      const value = mapGet(receiver, fieldName);
      if (value !== undefined) return value;
      switch (this.missingKey) {
        case 'zero':
          return null;
        case 'error':
          return this.errorf(`map has no entry for key ${quote(fieldName)}`);
        default:
          return undefined;
      }
    }
    return this.errorf(
      `can't evaluate field ${fieldName} in type ${fromMapEntry ? 'interface {}' : typeName(receiver)}`,
    );
  }

  private findFunction(name: string): Callable | null {
    const user = this.functions.get(name);
    if (user) return { spec: user, builtin: false };
    // Own properties only: a name such as toString must not find Object.prototype's.
    const builtin = Object.prototype.hasOwnProperty.call(BUILTINS, name) ? BUILTINS[name] : undefined;
    return builtin ? { spec: builtin, builtin: true } : null;
  }

  private evalFunction(
    dot: unknown,
    node: IdentifierNode,
    cmd: Node,
    args: readonly Node[] | null,
    final: Final,
  ): unknown {
    this.at(node);
    const name = node.ident;
    const fn = this.findFunction(name);
    if (!fn) return this.errorf(`${quote(name)} is not a defined function`);
    return this.evalCall(dot, fn, cmd, name, args ? args.slice(1) : [], final);
  }

  private evalCall(dot: unknown, fn: Callable, node: Node, name: string, args: readonly Node[], final: Final): unknown {
    const { spec } = fn;
    const numFixed = spec.params.length;
    const numIn = args.length + (final !== MISSING ? 1 : 0);
    if (spec.variadic) {
      if (numIn < numFixed) {
        this.errorf(`wrong number of args for ${name}: want at least ${numFixed} got ${args.length}`);
      }
    } else if (numIn !== numFixed) {
      this.errorf(`wrong number of args for ${name}: want ${numFixed} got ${numIn}`);
    }

    // The builtin and/or evaluate their arguments lazily and return the deciding one.
    if (fn.builtin && (spec === AND || spec === OR)) {
      const stopOn = spec === OR;
      let v: unknown = undefined;
      for (const arg of args) {
        v = this.evalArg(dot, 'value', arg);
        if (isTrue(v) === stopOn) return v;
      }
      if (final !== MISSING) v = final;
      return v;
    }

    const argv: unknown[] = [];
    let i = 0;
    for (; i < numFixed && i < args.length; i++) {
      argv.push(this.evalArg(dot, spec.params[i] ?? 'any', args[i] as Node));
    }
    if (spec.variadic) {
      for (; i < args.length; i++) argv.push(this.evalArg(dot, spec.variadic, args[i] as Node));
    }
    if (final !== MISSING) {
      const t: ParamType =
        spec.variadic && numIn - 1 >= numFixed ? spec.variadic : (spec.params[numIn - 1] ?? spec.variadic ?? 'any');
      argv.push(this.validateType(final, t));
    }
    this.step();
    let result: unknown;
    try {
      result = (spec.fn as (...a: unknown[]) => unknown)(...argv);
    } catch (e) {
      if (e instanceof TemplateError) throw e;
      this.at(node);
      const stack = e instanceof RangeError && /call stack/i.test(e.message);
      const budget = stack ? 'depth' : budgetLimitOf(e);
      this.errorf(`error calling ${name}: ${stack ? 'stack overflow' : messageOf(e)}`, budget);
    }
    this.inTime(node); // a call may take long (a hash or a match over megabytes)
    // What a function built from smaller parts (print, join, a list) is held to the budget too.
    const size = typeof result === 'string' ? result.length : Array.isArray(result) ? result.length : 0;
    const limit = typeof result === 'string' ? TEMPLATE_BUDGET.output : TEMPLATE_BUDGET.items;
    if (size > limit) {
      this.at(node);
      this.errorf(
        `error calling ${name}: the result holds ${counted(size)} ${typeof result === 'string' ? 'characters' : 'items'}; a template may build at most ${counted(limit)}`,
        typeof result === 'string' ? 'output' : 'items',
      );
    }
    this.built += size;
    if (this.built > TEMPLATE_BUDGET.memory) {
      this.at(node);
      this.errorf(
        `error calling ${name}: the template's functions built more than ${counted(TEMPLATE_BUDGET.memory)} characters and list items in all, far more than a provisioner needs; it was stopped`,
        'memory',
      );
    }
    return result;
  }

  /** validateType: a value passed to a parameter of the given Go type. */
  private validateType(value: unknown, t: ParamType): unknown {
    if (t === 'value') return value;
    if (t === 'any') return value === undefined ? null : value;
    if (value === undefined) {
      if (t === 'map') return null;
      return this.errorf(`invalid value; expected ${paramTypeName(t)}`);
    }
    const ok =
      (t === 'string' && typeof value === 'string') ||
      (t === 'int' && isInt(value)) ||
      (t === 'float' && typeof value === 'number') ||
      (t === 'bool' && typeof value === 'boolean') ||
      (t === 'map' && (value === null || isMap(value)));
    if (ok) return value;
    const got = value === null ? 'interface {}' : typeName(value);
    return this.errorf(`wrong type for value; expected ${paramTypeName(t)}; got ${got}`);
  }

  /** evalArg: one argument node evaluated for a parameter of type t. */
  private evalArg(dot: unknown, t: ParamType, n: Node): unknown {
    this.at(n);
    switch (n.type) {
      case 'dot':
        return this.validateType(dot, t);
      case 'nil':
        if (t === 'value') return undefined;
        if (t === 'any' || t === 'map') return null;
        return this.errorf(`cannot assign nil to ${paramTypeName(t)}`);
      case 'field':
        return this.validateType(this.evalFieldNode(dot, n, [n], MISSING), t);
      case 'variable':
        return this.validateType(this.evalVariableNode(dot, n, null, MISSING), t);
      case 'pipe':
        return this.validateType(this.evalPipeline(dot, n), t);
      case 'identifier':
        return this.validateType(this.evalFunction(dot, n, n, null, MISSING), t);
      case 'chain':
        return this.validateType(this.evalChainNode(dot, n, null, MISSING), t);
    }
    switch (t) {
      case 'bool':
        if (n.type === 'bool') return n.value;
        return this.errorf(`expected bool; found ${nodeString(n)}`);
      case 'float':
        if (n.type === 'number' && n.isFloat) return n.float;
        return this.errorf(`expected float; found ${nodeString(n)}`);
      case 'int':
        if (n.type === 'number' && n.isInt) return n.int;
        return this.errorf(`expected integer; found ${nodeString(n)}`);
      case 'string':
        if (n.type === 'string') return n.text;
        return this.errorf(`expected string; found ${nodeString(n)}`);
      case 'any':
      case 'value':
        switch (n.type) {
          case 'bool':
            return n.value;
          case 'number':
            return this.idealConstant(n);
          case 'string':
            return n.text;
        }
        break;
    }
    return this.errorf(`can't handle ${nodeString(n)} for arg of type ${paramTypeName(t)}`);
  }
}
