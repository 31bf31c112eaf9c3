import type { DiagnosticCode } from '../diagnostics';
import { childPointer } from '../document/pointer';
import { blame } from '../policy/blame';
import { celInput, compileCel, describeCelValue } from '../policy/cel';
import { isRecord, numberText } from '../workload/values';
import type { CelRule, StructuralSchema } from './workload-crd';

/**
 * A custom resource checked as the Kubernetes API server checks it on creation: against its CRD's
 * structural schema (types, required fields, bounds, enums, unknown fields, as `kubectl apply`
 * refuses them by default), then the CEL rules of each node (`x-kubernetes-validations`) with `self`
 * bound to that node. Transition rules (those reading `oldSelf`) only run on an update and are skipped.
 * Each problem names the field as Kubernetes does (`spec.containers.web.image`) and carries its pointer.
 */
export interface SchemaProblem {
  code: DiagnosticCode;
  message: string;
  /** JSON Pointer into the resource. */
  pointer: string;
  /** Where in the text: the field's value, or its key (a missing or unknown field). */
  part: 'value' | 'key';
}

export function validateAgainstSchema(value: unknown, schema: StructuralSchema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  walk(value, schema, '', '', problems);
  return problems;
}

/** The field as Kubernetes names it: `spec.containers.web.files[0].target`. */
function fieldName(path: string): string {
  return path === '' ? 'the resource' : path;
}

function walk(value: unknown, schema: StructuralSchema, pointer: string, path: string, out: SchemaProblem[]): void {
  if (schema['x-kubernetes-preserve-unknown-fields'] && schema.type === undefined) return;
  const problem = (code: DiagnosticCode, message: string, part: SchemaProblem['part'] = 'value') =>
    out.push({ code, message: `${fieldName(path)}: ${message}`, pointer, part });
  if (!typeMatches(value, schema.type)) {
    problem('TYPE_MISMATCH', `must be ${describeType(schema)}, not ${describeValue(value)}.`);
    return;
  }
  if (schema.enum && typeof value === 'string' && !schema.enum.includes(value)) {
    problem('INVALID_ENUM', `"${value}" is not allowed; use ${schema.enum.map((e) => `"${e}"`).join(' or ')}.`);
  }
  if (typeof value === 'string') checkString(value, schema, problem);
  if (typeof value === 'number') checkNumber(value, schema, problem);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      problem('TOO_FEW_ITEMS', `needs at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}.`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      problem('TOO_MANY_ITEMS', `holds ${value.length} items; the Workload resource takes at most ${schema.maxItems}.`);
    }
    if (schema.items)
      value.forEach((item, i) => walk(item, schema.items!, childPointer(pointer, i), `${path}[${i}]`, out));
  }
  if (isRecord(value)) checkObject(value, schema, pointer, path, out, problem);
  for (const rule of schema['x-kubernetes-validations'] ?? []) checkRule(value, rule, pointer, path, out);
}

function checkString(value: string, schema: StructuralSchema, problem: (c: DiagnosticCode, m: string) => void): void {
  const length = [...value].length; // Kubernetes counts characters, not UTF-16 units
  if (schema.minLength !== undefined && length < schema.minLength) {
    problem(
      'TOO_SHORT',
      schema.minLength === 1 ? 'must not be empty.' : `needs at least ${schema.minLength} characters.`,
    );
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    problem('TOO_LONG', `has ${length} characters; at most ${schema.maxLength} are allowed.`);
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
    problem('PATTERN_MISMATCH', `"${value}" does not match ${schema.pattern}.`);
  }
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function checkNumber(value: number, schema: StructuralSchema, problem: (c: DiagnosticCode, m: string) => void): void {
  const int32 = schema.format === 'int32';
  const min = schema.minimum ?? (int32 ? INT32.min : undefined);
  const max = schema.maximum ?? (int32 ? INT32.max : undefined);
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const bounds =
      min !== undefined && max !== undefined
        ? `from ${min} to ${max}`
        : min !== undefined
          ? `${min} or more`
          : `${max} or less`;
    problem('VALUE_OUT_OF_RANGE', `${value} is out of range; it must be ${bounds}.`);
  }
}

function checkObject(
  value: Record<string, unknown>,
  schema: StructuralSchema,
  pointer: string,
  path: string,
  out: SchemaProblem[],
  problem: (c: DiagnosticCode, m: string, part?: SchemaProblem['part']) => void,
): void {
  const count = Object.keys(value).length;
  if (schema.minProperties !== undefined && count < schema.minProperties) {
    problem('TOO_FEW_ITEMS', `needs at least ${schema.minProperties} entr${schema.minProperties === 1 ? 'y' : 'ies'}.`);
  }
  if (schema.maxProperties !== undefined && count > schema.maxProperties) {
    problem('TOO_MANY_ITEMS', `holds ${count} entries; the Workload resource takes at most ${schema.maxProperties}.`);
  }
  for (const name of schema.required ?? []) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) {
      out.push({
        code: 'REQUIRED_FIELD',
        message: `${join(path, name)} is required and missing.`,
        pointer: childPointer(pointer, name),
        part: 'key',
      });
    }
  }
  if (schema['x-kubernetes-preserve-unknown-fields']) return;
  for (const [name, item] of Object.entries(value)) {
    const at = childPointer(pointer, name);
    const known = schema.properties?.[name];
    if (known) walk(item, known, at, join(path, name), out);
    else if (schema.additionalProperties) walk(item, schema.additionalProperties, at, join(path, name), out);
    else if (schema.properties) {
      const fields = Object.keys(schema.properties).join(', ');
      out.push({
        code: 'UNKNOWN_FIELD',
        message: `${join(path, name)}: unknown field; the Workload resource has ${fields} here (kubectl apply refuses unknown fields).`,
        pointer: at,
        part: 'key',
      });
    }
  }
}

function checkRule(value: unknown, rule: CelRule, pointer: string, path: string, out: SchemaProblem[]): void {
  if (/\boldSelf\b/.test(rule.rule)) return; // a transition rule: only an update runs it
  const compiled = compileCel(rule.rule);
  const at = rule.fieldPath ? fieldPathPointer(pointer, rule.fieldPath) : pointer;
  const where = rule.fieldPath ? join(path, rule.fieldPath.replace(/^\./, '')) : fieldName(path);
  if (!compiled.ok) {
    out.push({
      code: 'CEL_RULE_ERROR',
      message: `${where}: the rule ${rule.rule} does not compile: ${compiled.error}`,
      pointer: at,
      part: 'value',
    });
    return;
  }
  const bindings = { self: celInput(value) };
  const result = compiled.compiled.run(bindings);
  if (result.ok && result.value === true) return;
  if (!result.ok || result.value !== false) {
    const why = result.ok ? `it gave ${describeCelValue(result.value)}` : result.error;
    out.push({
      code: 'CEL_RULE_ERROR',
      message: `${where}: the rule ${rule.rule} could not be evaluated (${why}).`,
      pointer: at,
      part: 'value',
    });
    return;
  }
  const message = ruleMessage(rule, bindings) ?? `failed rule: ${rule.rule}`;
  const places = rule.fieldPath ? [at] : blame(compiled.compiled.parsed, bindings, new Map([['self', pointer]]));
  for (const place of places.length > 0 ? places : [at]) {
    out.push({ code: 'CEL_RULE_VIOLATION', message: `${where}: ${message}`, pointer: place, part: 'value' });
  }
}

function ruleMessage(rule: CelRule, bindings: { self: unknown }): string | undefined {
  if (rule.messageExpression) {
    const compiled = compileCel(rule.messageExpression);
    const result = compiled.ok ? compiled.compiled.run(bindings as never) : undefined;
    if (result?.ok && typeof result.value === 'string' && result.value.trim() !== '') return result.value;
  }
  return rule.message;
}

/** `.image` or `.files[0].target` (a rule's fieldPath, relative to its node) → a pointer. */
function fieldPathPointer(base: string, fieldPath: string): string {
  let pointer = base;
  for (const match of fieldPath.matchAll(/\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]/g)) {
    pointer = childPointer(pointer, match[1] ?? match[2] ?? match[3] ?? '');
  }
  return pointer;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

function typeMatches(value: unknown, type: StructuralSchema['type']): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
  }
}

function describeType(schema: StructuralSchema): string {
  switch (schema.type) {
    case 'object':
      return 'a mapping';
    case 'array':
      return 'a list';
    case 'string':
      return 'text';
    case 'integer':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    default:
      return 'a value';
  }
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'a mapping';
  if (typeof value === 'string') return `the text "${value.length > 40 ? value.slice(0, 40) + '…' : value}"`;
  return typeof value === 'number' ? `the number ${numberText(value)}` : `the value ${String(value)}`;
}
