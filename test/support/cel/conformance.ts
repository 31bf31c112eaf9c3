import { celUint, isCelError, isCelList, isCelMap, isCelType, isCelUint, type CelInput } from '@bufbuild/cel';
import type { Value } from '@bufbuild/cel-spec/cel/expr/value_pb.js';
import type { IncrementalTest, IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js';
import { compileCel } from '../../../src/core/policy/cel';

/**
 * Runs the CEL specification's conformance tests (cel-spec's `tests/simple/testdata`, as
 * @bufbuild/cel-spec ships them) through the evaluator the policies use, with the policies'
 * libraries. Tests that need protocol buffer messages, the type checker alone or macros turned off
 * are skipped: policies and CRD rules read JSON objects, are never only type-checked, and always
 * have macros.
 */
export type Verdict = { kind: 'pass' } | { kind: 'fail'; why: string } | { kind: 'skip'; why: string };

type Expected = IncrementalTest['original']['resultMatcher'];

export interface Tally {
  suite: string;
  passed: number;
  failed: Array<{ name: string; why: string }>;
  skipped: number;
}

export function runSuite(suite: IncrementalTestSuite, path = suite.name): Array<{ name: string; verdict: Verdict }> {
  return [
    ...suite.tests.map((test) => ({ name: `${path}/${test.name}`, verdict: runTest(test) })),
    ...suite.suites.flatMap((inner) => runSuite(inner, `${path}/${inner.name}`)),
  ];
}

function runTest(test: IncrementalTest): Verdict {
  const t = test.original;
  if (t.checkOnly) return { kind: 'skip', why: 'type check only' };
  if (t.disableMacros) return { kind: 'skip', why: 'macros disabled' };
  if (t.container !== '') return { kind: 'skip', why: 'protobuf container' };
  if (/\b(TestAllTypes|NestedTestAllTypes|google\.protobuf|cel\.expr)\b/.test(t.expr))
    return { kind: 'skip', why: 'protobuf messages' };
  const bindings: Record<string, CelInput> = {};
  for (const [name, exprValue] of Object.entries(t.bindings)) {
    if (exprValue.kind.case !== 'value') return { kind: 'skip', why: 'binding is not a value' };
    const value = toInput(exprValue.kind.value);
    if (value === SKIP) return { kind: 'skip', why: 'protobuf messages' };
    bindings[name] = value;
  }
  const expected: Expected = t.resultMatcher;
  if (expected.case === 'unknown' || expected.case === 'anyUnknowns' || expected.case === 'typedResult') {
    return { kind: 'skip', why: expected.case };
  }
  if (expected.case === 'value' && toInput(expected.value) === SKIP) return { kind: 'skip', why: 'protobuf messages' };
  const compiled = compileCel(t.expr);
  if (!compiled.ok) {
    return expected.case === 'evalError' || expected.case === 'anyEvalErrors'
      ? { kind: 'pass' }
      : { kind: 'fail', why: `does not parse: ${compiled.error}` };
  }
  const result = compiled.compiled.run(bindings);
  if (expected.case === 'evalError' || expected.case === 'anyEvalErrors') {
    return result.ok ? { kind: 'fail', why: `expected an error, got ${show(result.value)}` } : { kind: 'pass' };
  }
  if (!result.ok) return { kind: 'fail', why: `error: ${result.error}` };
  const want: Value | undefined = expected.case === 'value' ? expected.value : undefined;
  const ok = want === undefined ? result.value === true : same(result.value, want);
  return ok ? { kind: 'pass' } : { kind: 'fail', why: `got ${show(result.value)}` };
}

const SKIP = Symbol('skip');

function toInput(value: Value): CelInput | typeof SKIP {
  const kind = value.kind;
  switch (kind.case) {
    case 'nullValue':
      return null;
    case 'boolValue':
    case 'int64Value':
    case 'doubleValue':
    case 'stringValue':
    case 'bytesValue':
      return kind.value;
    case 'uint64Value':
      return celUint(kind.value);
    case 'listValue': {
      const items = kind.value.values.map(toInput);
      return items.includes(SKIP) ? SKIP : (items as CelInput[]);
    }
    case 'mapValue': {
      const map = new Map<string | bigint | boolean, CelInput>();
      for (const entry of kind.value.entries) {
        const key = entry.key ? toInput(entry.key) : SKIP;
        const item = entry.value ? toInput(entry.value) : SKIP;
        if (key === SKIP || item === SKIP) return SKIP;
        map.set(isCelUint(key) ? key.value : (key as string | bigint | boolean), item);
      }
      return map;
    }
    default:
      return SKIP; // enums, messages, types
  }
}

function same(actual: unknown, want: Value): boolean {
  const kind = want.kind;
  switch (kind.case) {
    case 'nullValue':
      return actual === null;
    case 'boolValue':
    case 'int64Value':
    case 'stringValue':
      return actual === kind.value;
    case 'uint64Value':
      return isCelUint(actual) && actual.value === kind.value;
    case 'doubleValue':
      return typeof actual === 'number' && (Number.isNaN(kind.value) ? Number.isNaN(actual) : actual === kind.value);
    case 'bytesValue':
      return (
        actual instanceof Uint8Array &&
        actual.length === kind.value.length &&
        actual.every((b, i) => b === kind.value[i])
      );
    case 'typeValue':
      return isCelType(actual) && actual.name === kind.value;
    case 'listValue': {
      if (!isCelList(actual) || actual.size !== kind.value.values.length) return false;
      return kind.value.values.every((v, i) => same(actual.get(i), v));
    }
    case 'mapValue': {
      if (!isCelMap(actual) || actual.size !== kind.value.entries.length) return false;
      return kind.value.entries.every((e) => {
        const key = e.key ? toInput(e.key) : SKIP;
        if (key === SKIP || !e.value) return false;
        const found = actual.get(isCelUint(key) ? key.value : (key as string | bigint | boolean));
        return found !== undefined && same(found, e.value);
      });
    }
    default:
      return false;
  }
}

function show(value: unknown): string {
  if (isCelError(value)) return `error ${value.message}`;
  if (typeof value === 'bigint') return `${value}`;
  if (isCelUint(value)) return `${value.value}u`;
  if (isCelList(value)) return `[${[...value].map(show).join(', ')}]`;
  if (isCelMap(value)) return `{${[...value].map(([k, v]) => `${show(k)}: ${show(v)}`).join(', ')}}`;
  if (isCelType(value)) return `type ${value.name}`;
  return JSON.stringify(value) ?? String(value);
}
