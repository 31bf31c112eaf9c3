/**
 * Executes a parsed template over plain JavaScript data with Go's text/template semantics
 * (exec.go): the statements (if/with/range/else, break/continue, template/block calls, printing
 * actions), variables and their scopes; pipelines are evaluated by eval.ts.
 */
import { formatValue, sprint } from '../../go/fmt';
import { sortedKeys } from '../../go/sort';
import { quote } from '../../go/strconv';
import { isInt, isList, isMap, mapGet, typeName } from '../../go/value';
import {
  nodeString,
  type ActionNode,
  type ListNode,
  type Node,
  type PipeNode,
  type RangeNode,
  type TemplateNode,
} from '../parse/ast';
import { TemplateError } from '../parse/errors';
import type { ParsedTemplate } from '../parse/parser';
import { counted, TEMPLATE_BUDGET } from './budget';
import { Evaluator, type TemplateOptions } from './eval';
import { isTrue } from './truth';

export type { TemplateOptions } from './eval';

/** Go's text/template allows 100000 nested template calls; JavaScript stacks are smaller. */
const MAX_EXEC_DEPTH = 1000;

const BREAK = Symbol('break');
const CONTINUE = Symbol('continue');

/** The walking half of exec.go's state: the output and the template call depth. */
class Executor extends Evaluator {
  private out: string[] = [];
  private outLength = 0;
  private depth = 0;

  run(data: unknown): string {
    this.walk(data === null ? undefined : data, this.tree.root);
    return this.out.join('');
  }

  // --- walking ---

  private walk(dot: unknown, node: Node): void {
    this.step();
    // A list has no words of its own to show in an error: one about it is told at the node before it.
    if (node.type !== 'list') this.at(node);
    switch (node.type) {
      case 'action': {
        // Variables declared here persist until the enclosing {{end}}; a declaration prints nothing.
        const val = this.evalPipeline(dot, node.pipe);
        if (node.pipe.decl.length === 0) this.printValue(node, val);
        return;
      }
      case 'break':
        throw BREAK;
      case 'continue':
        throw CONTINUE;
      case 'comment':
        return;
      case 'if':
      case 'with':
        this.walkIfOrWith(node.type, dot, node.pipe, node.list, node.elseList);
        return;
      case 'list':
        for (const n of node.nodes) this.walk(dot, n);
        return;
      case 'range':
        this.walkRange(dot, node);
        return;
      case 'template':
        this.walkTemplate(dot, node);
        return;
      case 'text':
        this.write(node.text);
        return;
      default:
        this.errorf(`unknown node: ${nodeString(node)}`);
    }
  }

  private walkIfOrWith(kind: 'if' | 'with', dot: unknown, pipe: PipeNode, list: ListNode, elseList: ListNode | null) {
    const mark = this.mark();
    try {
      const val = this.evalPipeline(dot, pipe);
      if (isTrue(val)) this.walk(kind === 'with' ? val : dot, list);
      else if (elseList) this.walk(dot, elseList);
    } finally {
      this.pop(mark);
    }
  }

  private walkRange(dot: unknown, r: RangeNode): void {
    this.at(r);
    const outerMark = this.mark();
    try {
      const val = this.evalPipeline(dot, r.pipe);
      const mark = this.mark();
      const decl = r.pipe.decl;
      const oneIteration = (index: unknown, elem: unknown): void => {
        if (decl.length > 0) {
          if (r.pipe.isAssign) this.setVar(decl[0]?.ident[0] ?? '', decl.length > 1 ? index : elem);
          else this.setTopVar(1, elem);
        }
        if (decl.length > 1) {
          if (r.pipe.isAssign) this.setVar(decl[1]?.ident[0] ?? '', elem);
          else this.setTopVar(2, index);
        }
        try {
          this.walk(elem, r.list);
        } catch (e) {
          if (e !== CONTINUE) throw e;
        } finally {
          this.pop(mark);
        }
      };
      if (isList(val)) {
        if (val.length > 0) {
          val.forEach((elem, i) => oneIteration(i, elem === undefined ? null : elem));
          return;
        }
      } else if (isMap(val)) {
        const keys = sortedKeys(val);
        if (keys.length > 0) {
          for (const k of keys) oneIteration(k, mapGet(val, k));
          return;
        }
      } else if (isInt(val)) {
        // Go 1.22: {{range 3}} visits 0, 1, 2.
        if (decl.length > 1) this.errorf(`can't use ${formatValue(val)} to iterate over more than one variable`);
        if (val > 0) {
          for (let i = 0; i < val; i++) oneIteration(i, i);
          return;
        }
      } else if (val !== undefined && val !== null) {
        this.errorf(`range can't iterate over ${formatValue(val)}`);
      }
      if (r.elseList) this.walk(dot, r.elseList);
    } catch (e) {
      if (e !== BREAK) throw e;
    } finally {
      this.pop(outerMark);
    }
  }

  private walkTemplate(dot: unknown, t: TemplateNode): void {
    this.at(t);
    const tree = this.parsed.trees.get(t.name);
    if (!tree) this.errorf(`template ${quote(t.name)} not defined`);
    if (this.depth >= MAX_EXEC_DEPTH) this.errorf(`exceeded maximum template depth (${MAX_EXEC_DEPTH})`, 'depth');
    const newDot = this.evalPipeline(dot, t.pipe);
    // No dynamic scoping: the called template sees only $ (its dot).
    const saved = { vars: this.vars, tree: this.tree };
    this.vars = [{ name: '$', value: newDot }];
    this.tree = tree;
    this.depth++;
    try {
      this.walk(newDot, tree.root);
    } finally {
      this.depth--;
      this.vars = saved.vars;
      this.tree = saved.tree;
    }
  }

  private printValue(node: ActionNode, v: unknown): void {
    this.at(node);
    if (typeof v === 'function') this.errorf(`can't print ${nodeString(node)} of type ${typeName(v)}`);
    this.write(v === undefined || v === null ? '<no value>' : sprint([v]));
  }

  private write(text: string): void {
    this.outLength += text.length;
    if (this.outLength > TEMPLATE_BUDGET.output) {
      this.errorf(
        `the output passed ${counted(TEMPLATE_BUDGET.output)} characters, far more than a provisioner writes; it was stopped`,
        'output',
      );
    }
    this.out.push(text);
  }
}

/** Executes a parsed template; throws TemplateError worded as Go words execution errors. */
export function executeTemplate(tpl: ParsedTemplate, data: unknown, options: TemplateOptions = {}): string {
  const main = tpl.trees.get(tpl.name);
  if (!main)
    throw new TemplateError(`template: ${tpl.name}: ${quote(tpl.name)} is an incomplete or empty template`, 'execute');
  const state = new Executor(tpl, main, data, options);
  try {
    return state.run(data);
  } catch (e) {
    if (e instanceof TemplateError) throw e;
    if (e instanceof RangeError) state.errorf('template execution too deep (stack overflow)', 'depth');
    throw e;
  }
}
