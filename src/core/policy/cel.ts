import {
  celEnv,
  isCelError,
  isCelList,
  isCelMap,
  isCelUint,
  parse,
  plan,
  type CelEnv,
  type CelInput,
  type CelValue,
} from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { kubernetesLists } from './kubernetes-lists';

/**
 * CEL as Kubernetes evaluates it for CRD rules (`x-kubernetes-validations`) and admission policies,
 * on Buf's evaluator (@bufbuild/cel, which passes the CEL specification's conformance tests; it runs
 * in the browser and in Node alike). Kubernetes adds libraries to standard CEL; the ones here are the
 * string extensions (cel-go's `strings`, which Kubernetes enables) and the list functions in
 * kubernetes-lists.ts. Data goes in as JSON and is read the way the API server reads an object:
 * whole numbers are `int`, other numbers `double`, objects are maps (so `has(x.f)` asks whether
 * the key is there).
 */

/** A parsed expression: the AST (with its macro calls, which blame.ts reads) and its evaluator. */
export interface CompiledCel {
  readonly text: string;
  readonly parsed: ParsedCel;
  run(bindings: CelBindings): CelOutcome;
}

export type ParsedCel = ReturnType<typeof parse>;
export type CelExpr = ParsedCel['expr'];
export type CelBindings = Record<string, CelInput>;

export type CelOutcome = { ok: true; value: CelValue } | { ok: false; error: string };

let environment: CelEnv | undefined;
function env(): CelEnv {
  environment ??= celEnv({ funcs: [...strings, ...kubernetesLists] });
  return environment;
}

/** Compiled expressions by their text: policies are checked on every edit, and parsing is the slow part. */
const compiled = new Map<string, { ok: true; compiled: CompiledCel } | { ok: false; error: string }>();
const MAX_CACHED = 500;

/** Parses and plans an expression once; a syntax error comes back in words, never thrown. */
export function compileCel(text: string): { ok: true; compiled: CompiledCel } | { ok: false; error: string } {
  const known = compiled.get(text);
  if (known) return known;
  let result: { ok: true; compiled: CompiledCel } | { ok: false; error: string };
  try {
    const parsed = parse(text);
    const evaluate = plan(env(), parsed);
    result = { ok: true, compiled: { text, parsed, run: (bindings) => outcome(() => evaluate(bindings)) } };
  } catch (error) {
    result = { ok: false, error: errorText(error) };
  }
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(text, result);
  return result;
}

/** Evaluates one node of a compiled expression's AST (blame.ts asks which part of a rule failed). */
export function runCelExpr(expr: CelExpr, bindings: CelBindings): CelOutcome {
  let evaluate = planned.get(expr);
  if (!evaluate) {
    try {
      evaluate = plan(env(), expr);
    } catch (error) {
      return { ok: false, error: errorText(error) };
    }
    planned.set(expr, evaluate);
  }
  const run = evaluate;
  return outcome(() => run(bindings));
}

const planned = new WeakMap<CelExpr, (bindings: CelBindings) => unknown>();

function outcome(evaluate: () => unknown): CelOutcome {
  try {
    const value = evaluate();
    if (isCelError(value)) return { ok: false, error: value.message };
    return { ok: true, value: value as CelValue };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}

const converted = new WeakMap<object, CelInput>();

/**
 * JSON (as the yaml package reads it) → a CEL value. Objects become maps and whole numbers ints, as
 * the API server does for an object without a schema; large objects are converted once and reused.
 */
export function celInput(value: unknown): CelInput {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint') return value;
  if (typeof value !== 'object') return null;
  const known = converted.get(value);
  if (known !== undefined) return known;
  const result: CelInput = Array.isArray(value)
    ? value.map(celInput)
    : new Map(Object.entries(value).map(([k, v]) => [k, celInput(v)] as [string, CelInput]));
  converted.set(value, result);
  return result;
}

/** A CEL value (or input) → JSON, for messages and results (ints beyond 2^53 stay exact as strings). */
export function jsonFromCel(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (isCelUint(value)) return jsonFromCel(value.value);
  if (isCelList(value) || Array.isArray(value)) return [...(value as Iterable<unknown>)].map(jsonFromCel);
  if (isCelMap(value) || value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value as Iterable<[unknown, unknown]>) {
      Object.defineProperty(out, String(jsonFromCel(k)), { value: jsonFromCel(v), enumerable: true, writable: true });
    }
    return out;
  }
  if (value instanceof Uint8Array) return [...value];
  return value;
}

/** How a value reads in a message: strings quoted, lists and maps as CEL writes them. */
export function describeCelValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return String(value);
  if (isCelUint(value)) return `${value.value}u`;
  const json = jsonFromCel(value);
  return typeof json === 'object' && json !== null ? JSON.stringify(json) : String(json);
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // The parser's messages start with where it stopped; keep them on one line.
  return message.replace(/\s*\n\s*/g, ' ');
}
