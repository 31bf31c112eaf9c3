import { isCelList, isCelMap, type CelInput, type CelValue } from '@bufbuild/cel';
import { childPointer } from '../document/pointer';
import { runCelExpr, type CelBindings, type CelExpr, type ParsedCel } from './cel';

/**
 * Where a rule that came out false points to, as JSON Pointers into the object it read. A rule says
 * only "false"; the user needs the container, the field. So the rule's own shape is followed:
 * - `a && b`: the first part (left to right) that is not true;
 * - `a || b`: every part is false; the most specific places any of them points to (so that in
 *   `!has(x) || x.all(…)` the element of x wins over x);
 * - `X.all(v, P)`: each element of X for which P is false (and inside it, what P points to);
 * - `!X.exists(v, P)`: each element for which P is true;
 * - `c ? a : b`: the branch taken;
 * - anything else: the deepest field it reads (`object.spec.containers[c].image` → that image;
 *   `has(object.metadata.annotations)` → the annotations), or the part several fields share.
 * Names bound in `roots` (`object`, `self`) start pointers; iteration variables get their element's
 * pointer. An empty answer means "the object as a whole".
 */
export function blame(parsed: ParsedCel, bindings: CelBindings, roots: ReadonlyMap<string, string>): string[] {
  const ast = astOf(parsed);
  const scope: Scope = { bindings, pointers: roots };
  return dedupe(blameExpr(ast, parsed.expr, scope));
}

interface Scope {
  bindings: CelBindings;
  /** Variables that stand for a place in the object: `object`, `self`, iteration variables. */
  pointers: ReadonlyMap<string, string>;
}

interface Ast {
  /** Every node of the expanded expression, by id. */
  byId: Map<bigint, CelExpr>;
  /** The macro (`all`, `exists`, …) a comprehension was written as, by the comprehension's id. */
  macros: Map<bigint, { name: string; target: CelExpr | undefined; predicate: CelExpr | undefined }>;
}

const asts = new WeakMap<ParsedCel, Ast>();

function astOf(parsed: ParsedCel): Ast {
  const known = asts.get(parsed);
  if (known) return known;
  const byId = new Map<bigint, CelExpr>();
  const stack: CelExpr[] = [parsed.expr];
  while (stack.length > 0) {
    const expr = stack.pop()!;
    byId.set(expr.id, expr);
    stack.push(...children(expr));
  }
  const macros: Ast['macros'] = new Map();
  for (const [id, call] of Object.entries(parsed.sourceInfo?.macroCalls ?? {})) {
    if (call.exprKind.case !== 'callExpr') continue;
    const { function: name, target, args } = call.exprKind.value;
    // Nested macros are left in the call as ids only: the expanded node with that id is the real one.
    const predicate = args[args.length - 1];
    macros.set(BigInt(id), {
      name,
      target: target ? (byId.get(target.id) ?? target) : undefined,
      predicate: predicate ? (byId.get(predicate.id) ?? predicate) : undefined,
    });
  }
  const ast = { byId, macros };
  asts.set(parsed, ast);
  return ast;
}

function children(expr: CelExpr): CelExpr[] {
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'selectExpr':
      return kind.value.operand ? [kind.value.operand] : [];
    case 'callExpr':
      return [...(kind.value.target ? [kind.value.target] : []), ...kind.value.args];
    case 'listExpr':
      return [...kind.value.elements];
    case 'structExpr':
      return kind.value.entries.flatMap((e) => [
        ...(e.keyKind.case === 'mapKey' ? [e.keyKind.value] : []),
        ...(e.value ? [e.value] : []),
      ]);
    case 'comprehensionExpr': {
      const c = kind.value;
      return [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].filter((e): e is CelExpr => !!e);
    }
    default:
      return [];
  }
}

function blameExpr(ast: Ast, expr: CelExpr, scope: Scope): string[] {
  const kind = expr.exprKind;
  if (kind.case === 'callExpr') {
    const { function: name, args } = kind.value;
    if (name === '_&&_') {
      // As the rule reads, left to right: what follows the first false part is not why it failed.
      const first = args.find((a) => !isTrue(a, scope));
      return first ? blameExpr(ast, first, scope) : [];
    }
    if (name === '_||_') return deepest(args.flatMap((a) => blameExpr(ast, a, scope)));
    if (name === '_?_:_' && args.length === 3) {
      const condition = runCelExpr(args[0]!, scope.bindings);
      if (condition.ok && typeof condition.value === 'boolean') {
        return blameExpr(ast, condition.value ? args[1]! : args[2]!, scope);
      }
    }
    if (name === '!_' && args[0]?.exprKind.case === 'comprehensionExpr') {
      const macro = ast.macros.get(args[0].id);
      if (macro?.name === 'exists' && macro.predicate) {
        return eachElement(ast, args[0], scope, (predicate, inner, place) =>
          isTrue(predicate, inner) ? [read(predicate, inner) ?? place] : [],
        );
      }
    }
  }
  if (kind.case === 'comprehensionExpr' && ast.macros.get(expr.id)?.name === 'all') {
    return eachElement(ast, expr, scope, (predicate, inner, place) => {
      if (isTrue(predicate, inner)) return [];
      const inside = blameExpr(ast, predicate, inner);
      return inside.length > 0 ? inside : [place];
    });
  }
  const place = read(expr, scope);
  return place === undefined ? [] : [place];
}

/**
 * Runs `judge` on each element of a comprehension's range, with the iteration variables bound to
 * the element (or key) and pointing at it.
 */
function eachElement(
  ast: Ast,
  comprehension: CelExpr,
  scope: Scope,
  judge: (predicate: CelExpr, inner: Scope, place: string) => string[],
): string[] {
  if (comprehension.exprKind.case !== 'comprehensionExpr') return [];
  const { iterVar, iterVar2, iterRange } = comprehension.exprKind.value;
  const predicate = ast.macros.get(comprehension.id)?.predicate;
  if (!iterRange || !predicate) return [];
  const range = runCelExpr(iterRange, scope.bindings);
  if (!range.ok) return [];
  const base = read(iterRange, scope);
  const out: string[] = [];
  const visit = (key: CelValue, element: CelValue, segment: string) => {
    const place = base === undefined ? '' : childPointer(base, segment);
    const bindings: CelBindings = { ...scope.bindings, [iterVar]: key as CelInput };
    const pointers = new Map(scope.pointers);
    if (base !== undefined) pointers.set(iterVar, place);
    else pointers.delete(iterVar);
    if (iterVar2) {
      bindings[iterVar2] = element as CelInput;
      if (base !== undefined) pointers.set(iterVar2, place);
      else pointers.delete(iterVar2);
    }
    out.push(...judge(predicate, { bindings, pointers }, place));
  };
  const value = range.value;
  if (isCelMap(value)) {
    for (const [key, element] of value) visit(key, element, String(key));
  } else if (isCelList(value)) {
    let i = 0;
    // One variable over a list binds the element; two bind the index and the element.
    for (const element of value) {
      if (iterVar2) visit(BigInt(i), element, String(i));
      else visit(element, element, String(i));
      i++;
    }
  }
  return out;
}

function isTrue(expr: CelExpr, scope: Scope): boolean {
  const result = runCelExpr(expr, scope.bindings);
  return result.ok && result.value === true;
}

/** The place an expression reads: the deepest field, or the part that all fields it reads share. */
function read(expr: CelExpr, scope: Scope): string | undefined {
  const places: string[] = [];
  const stack: CelExpr[] = [expr];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const place = chain(node, scope);
    if (place !== undefined) places.push(place);
    else stack.push(...children(node));
  }
  if (places.length === 0) return undefined;
  return places.reduce(commonPrefix);
}

/** `object.a[b].c` (or `has(object.a.c)`) → '/a/<value of b>/c', when it starts at a place. */
function chain(expr: CelExpr, scope: Scope): string | undefined {
  const kind = expr.exprKind;
  if (kind.case === 'identExpr') return scope.pointers.get(kind.value.name);
  if (kind.case === 'selectExpr' && kind.value.operand) {
    const base = chain(kind.value.operand, scope);
    return base === undefined ? undefined : childPointer(base, kind.value.field);
  }
  if (kind.case === 'callExpr' && kind.value.function === '_[_]' && kind.value.args.length === 2) {
    const base = chain(kind.value.args[0]!, scope);
    if (base === undefined) return undefined;
    const index = runCelExpr(kind.value.args[1]!, scope.bindings);
    if (!index.ok) return base;
    const key = index.value;
    return typeof key === 'string' || typeof key === 'bigint' ? childPointer(base, String(key)) : base;
  }
  return undefined;
}

function commonPrefix(a: string, b: string): string {
  const x = a.split('/');
  const y = b.split('/');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join('/');
}

/** The places no other place lies inside. */
function deepest(places: string[]): string[] {
  const unique = dedupe(places);
  return unique.filter((p) => !unique.some((q) => q !== p && q.startsWith(p + '/')));
}

function dedupe(places: string[]): string[] {
  return [...new Set(places)];
}
