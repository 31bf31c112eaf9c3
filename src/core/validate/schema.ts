import type { Diagnostic, DiagnosticCode } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { childPointer, parsePointer } from '../document/pointer';
import { rangeOf, type RangePart } from '../document/source-map';
import validateWorkload, { knownFields, type SchemaError } from './generated/score-v1b1.validate';
import {
  ambiguousFileSourceMessage,
  collectionTypeMessage,
  deprecatedTargetMessage,
  enumMessage,
  fewItemsMessage,
  genericMessage,
  lengthMessage,
  missingFileSourceMessage,
  missingProbeActionMessage,
  nameMessage,
  patternMessage,
  rangeMessage,
  requiredMessage,
  typeMessage,
  unknownFieldMessage,
} from './messages';
import { placeOf, type Place } from './places';
import { readWorkload } from '../workload/read';
import type { Workload } from '../workload/types';
import { isRecord, valueAt } from '../workload/values';

/**
 * The JSON Schema layer: runs the validator compiled from schemas/score-v1b1.json (no code is
 * evaluated at run time) and turns Ajv's errors into diagnostics a person can act on: one per
 * problem, in the user's words, on the key or value concerned. A failing oneOf/anyOf reports the
 * branch the author meant (the shape of the value tells which), not every branch's complaints.
 */
export function validateSchema(parsed: ParsedDocument): Diagnostic[] {
  if (parsed.blocked) return [];
  // The common case costs one compiled call: no error handling, no source map.
  if (validateWorkload(parsed.value)) return [];
  return explain(parsed, validateWorkload.errors ?? []);
}

/** A diagnostic before its range is looked up. */
interface Finding {
  code: DiagnosticCode;
  path: string;
  part: RangePart;
  message: string;
}

/** The `required` of one oneOf / anyOf branch, such as {required: [content]}. */
const ONE_OF_BRANCH = /\/oneOf\/\d+\/required$/;
const ANY_OF_BRANCH = /\/anyOf\/\d+\/required$/;

/** Value checks on one path, most telling first: only the first that failed is reported. */
const VALUE_CHECKS = ['type', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum'];

function explain(parsed: ParsedDocument, errors: readonly SchemaError[]): Diagnostic[] {
  const root = parsed.value;
  const findings: Finding[] = [];
  const workload = readWorkload(root);
  const place = (path: string): Place => placeOf(parsePointer(path), workload);
  const value = (path: string): unknown => valueAt(root, path);

  const byPath = new Map<string, SchemaError[]>();
  for (const error of errors) {
    const list = byPath.get(error.instancePath);
    if (list) list.push(error);
    else byPath.set(error.instancePath, [error]);
  }
  const branchErrors = (at: string, combinator: RegExp) =>
    (byPath.get(at) ?? []).filter((e) => combinator.test(e.schemaPath));

  // 1. oneOf / anyOf: decide what each failure means, and which of its branch errors are noise.
  const noise = new Set<SchemaError>();
  for (const error of errors) {
    const at = error.instancePath;
    if (error.keyword === 'oneOf' && isCollection(at)) {
      // files / volumes: a list (deprecated form) or a mapping. Its shape says which form the author meant;
      // the other branch only adds "must be array" / "must be object".
      const here = value(at);
      noise.add(error);
      for (const e of byPath.get(at) ?? []) if (e.keyword === 'type') noise.add(e);
      if (!Array.isArray(here) && !isRecord(here)) {
        findings.push({
          code: 'TYPE_MISMATCH',
          path: at,
          part: 'value',
          message: collectionTypeMessage(place(at), here),
        });
      }
    } else if (error.keyword === 'oneOf' && isCollectionEntry(at, 'files')) {
      noise.add(error);
      for (const e of branchErrors(at, ONE_OF_BRANCH)) noise.add(e);
      const entry = value(at);
      if (!isRecord(entry)) continue; // the type error says it all
      const passing = error.params.passingSchemas;
      findings.push(
        Array.isArray(passing)
          ? {
              code: 'AMBIGUOUS_FILE_SOURCE',
              path: at,
              part: 'key',
              message: ambiguousFileSourceMessage(place(at), entry),
            }
          : { code: 'MISSING_FILE_SOURCE', path: at, part: 'key', message: missingFileSourceMessage(place(at)) },
      );
    } else if (error.keyword === 'anyOf' && isProbe(at)) {
      noise.add(error);
      for (const e of branchErrors(at, ANY_OF_BRANCH)) noise.add(e);
      findings.push({
        code: 'MISSING_PROBE_ACTION',
        path: at,
        part: 'key',
        message: missingProbeActionMessage(place(at)),
      });
    }
  }

  // 2. Keys of mappings (propertyNames): one finding per bad key, from its most telling check.
  const badKeys = new Map<string, SchemaError>();
  for (const error of errors) {
    if (error.propertyName === undefined || noise.has(error)) continue;
    const path = childPointer(error.instancePath, error.propertyName);
    const seen = badKeys.get(path);
    if (!seen || rank(error.keyword) < rank(seen.keyword)) badKeys.set(path, error);
  }
  for (const [path, error] of badKeys) {
    const key = error.propertyName!;
    const message = nameMessage(place(error.instancePath), key, {
      keyword: error.keyword,
      limit: typeof error.params.limit === 'number' ? error.params.limit : undefined,
      pattern: typeof error.params.pattern === 'string' ? error.params.pattern : undefined,
    });
    findings.push({ code: 'INVALID_NAME', path, part: 'key', message });
  }

  // 3. Value checks: the most telling failed check per path.
  const valueErrors = new Map<string, SchemaError[]>();
  for (const error of errors) {
    if (noise.has(error) || error.propertyName !== undefined || !VALUE_CHECKS.includes(error.keyword)) continue;
    const list = valueErrors.get(error.instancePath);
    if (list) list.push(error);
    else valueErrors.set(error.instancePath, [error]);
  }
  for (const [path, list] of valueErrors) {
    list.sort((a, b) => rank(a.keyword) - rank(b.keyword));
    findings.push(valueFinding(path, list, place(path), value(path)));
  }

  // 4. Everything else, one by one.
  for (const error of errors) {
    if (noise.has(error) || error.propertyName !== undefined || VALUE_CHECKS.includes(error.keyword)) continue;
    const at = error.instancePath;
    switch (error.keyword) {
      case 'required': {
        const field = String(error.params.missingProperty);
        findings.push({
          code: 'REQUIRED_FIELD',
          path: childPointer(at, field),
          part: 'key',
          message: requiredMessage(place(at), field),
        });
        break;
      }
      case 'additionalProperties': {
        const field = String(error.params.additionalProperty);
        findings.push({
          code: 'UNKNOWN_FIELD',
          path: childPointer(at, field),
          part: 'key',
          message: unknownFieldMessage(place(at), field, allowedFields(at, place(at), workload)),
        });
        break;
      }
      case 'not': {
        // The only `not` in the schema: target on a map-form file or volume.
        const segments = parsePointer(at);
        if (segments[segments.length - 1] === 'target' && segments[2]) {
          const entry = at.slice(0, at.lastIndexOf('/'));
          findings.push({
            code: 'DEPRECATED_TARGET',
            path: at,
            part: 'key',
            message: deprecatedTargetMessage(place(entry), segments[2]),
          });
        } else findings.push(generic(at, place(at), error));
        break;
      }
      case 'minProperties':
        findings.push({
          code: 'TOO_FEW_ITEMS',
          path: at,
          part: 'value',
          message: fewItemsMessage(place(at), Number(error.params.limit)),
        });
        break;
      case 'propertyNames':
        break; // reported per key above
      case 'oneOf':
      case 'anyOf':
        // A branch failure the schema has no special wording for: its branches' own errors say more.
        if (
          !errors.some(
            (e) => !noise.has(e) && e !== error && e.instancePath.startsWith(at) && e.keyword !== error.keyword,
          )
        ) {
          findings.push(generic(at, place(at), error));
        }
        break;
      default:
        findings.push(generic(at, place(at), error));
    }
  }

  return toDiagnostics(parsed, findings);
}

function valueFinding(path: string, failed: SchemaError[], place: Place, value: unknown): Finding {
  const first = failed[0]!;
  const params = first.params;
  switch (first.keyword) {
    case 'type': {
      const allowed = failed.find((e) => e.keyword === 'enum')?.params.allowedValues;
      const expected = Array.isArray(params.type) ? params.type.join(',') : String(params.type);
      return {
        code: 'TYPE_MISMATCH',
        path,
        part: 'value',
        message: typeMessage(place, value, expected, Array.isArray(allowed) ? allowed : undefined),
      };
    }
    case 'enum':
      return {
        code: 'INVALID_ENUM',
        path,
        part: 'value',
        message: enumMessage(place, value, Array.isArray(params.allowedValues) ? params.allowedValues : []),
      };
    case 'minLength':
    case 'maxLength':
      return {
        code: first.keyword === 'minLength' ? 'TOO_SHORT' : 'TOO_LONG',
        path,
        part: 'value',
        message: lengthMessage(place, value, first.keyword, Number(params.limit)),
      };
    case 'pattern':
      return {
        code: 'PATTERN_MISMATCH',
        path,
        part: 'value',
        message: patternMessage(place, value, String(params.pattern)),
      };
    default:
      return {
        code: 'VALUE_OUT_OF_RANGE',
        path,
        part: 'value',
        message: rangeMessage(place, value, first.keyword, params.limit),
      };
  }
}

function generic(path: string, place: Place, error: SchemaError): Finding {
  return {
    code: 'SCHEMA_VIOLATION',
    path,
    part: 'value',
    message: genericMessage(place, error.message ?? error.keyword),
  };
}

/** The fields allowed where an unknown one was found; a map-form file or volume does not take target. */
function allowedFields(path: string, place: Place, workload: Workload): readonly string[] {
  const fields = knownFields[place.kind] ?? [];
  if (place.kind !== 'file' && place.kind !== 'volume') return fields;
  const [, container] = parsePointer(path);
  const listed =
    workload.containers.get(container ?? '')?.[place.kind === 'file' ? 'files' : 'volumes'].form === 'list';
  return listed ? fields : fields.filter((f) => f !== 'target');
}

function toDiagnostics(parsed: ParsedDocument, findings: readonly Finding[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const id = `${f.code}\u0000${f.path}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      severity: 'error',
      code: f.code,
      message: f.message,
      path: f.path,
      range: f.code === 'REQUIRED_FIELD' ? requiredRange(parsed, f.path) : rangeOf(parsed, f.path, f.part),
      source: 'schema',
    });
  }
  return out;
}

/** A missing field has no text of its own: point at the key of the mapping that lacks it. */
function requiredRange(parsed: ParsedDocument, path: string) {
  const parent = path.slice(0, path.lastIndexOf('/'));
  if (parent !== '') return rangeOf(parsed, parent, 'key');
  // At the top there is no key: the first line of the document rather than all of it.
  const range = rangeOf(parsed, '', 'value');
  const endColumn = parsed.lines.lineEnd(range.line) - parsed.lines.lineStart(range.line) + 1;
  return { line: range.line, column: range.column, endLine: range.line, endColumn: Math.max(endColumn, range.column) };
}

function rank(keyword: string): number {
  const i = VALUE_CHECKS.indexOf(keyword);
  return i < 0 ? VALUE_CHECKS.length : i;
}

// Where the schema's oneOf / anyOf sit, by the shape of the pointer.
function isCollection(path: string): boolean {
  const s = parsePointer(path);
  return s.length === 3 && s[0] === 'containers' && (s[2] === 'files' || s[2] === 'volumes');
}

function isCollectionEntry(path: string, collection: 'files' | 'volumes'): boolean {
  const s = parsePointer(path);
  return s.length === 4 && s[0] === 'containers' && s[2] === collection;
}

function isProbe(path: string): boolean {
  const s = parsePointer(path);
  return s.length === 3 && s[0] === 'containers' && (s[2] === 'livenessProbe' || s[2] === 'readinessProbe');
}
