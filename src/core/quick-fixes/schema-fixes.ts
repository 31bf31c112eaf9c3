import { isScalar } from 'yaml';
import { toPointer } from '../document/pointer';
import { locate } from '../document/source-map';
import { asRecord, valueAt } from '../workload/values';
import validateWorkload, { knownFields, type SchemaError } from '../validate/generated/score-v1b1.validate';
import { closestField } from '../workload/did-you-mean';
import { placeOf } from '../validate/places';
import { readWorkload } from '../workload/read';
import type { FixContext, PlannedFix, Planner } from './types';
import { annotationKeyFrom, cpuQuantity, fileModeFrom, labelFrom, memoryQuantity, resourceIdFrom } from './values';

/** Fixes of the schema layer's findings: values in the wrong form, mistyped or stray fields, bad names. */

const show = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/** A value the schema refuses by its pattern: a quantity, the Score version, a name, a mode, an id. */
export const patternFixes: Planner = (ctx) => {
  const { segments } = ctx;
  const pointer = ctx.diagnostic.path;
  const value = valueAt(ctx.workload, pointer);
  if (typeof value !== 'string') return [];
  const last = segments[segments.length - 1];
  const set = (to: string | undefined, kind: PlannedFix['kind'], title: string, fixAll = true): PlannedFix[] =>
    to === undefined || to === value
      ? []
      : [{ title, kind, command: 'setField', args: { pointer, value: to }, fixAll }];
  const inAmounts = segments[0] === 'containers' && segments[2] === 'resources' && segments.length === 5;
  if (inAmounts && last === 'memory') {
    const to = memoryQuantity(value);
    return set(to, 'memory-unit', `Write ${show(to)} instead of ${show(value)}`);
  }
  if (inAmounts && last === 'cpu') {
    const to = cpuQuantity(value);
    return set(to, 'cpu-unit', `Write ${show(to)} instead of ${show(value)}`);
  }
  if (pointer === '/apiVersion') return set('score.dev/v1b1', 'api-version', 'Use apiVersion score.dev/v1b1');
  if (pointer === '/metadata/name') {
    const to = labelFrom(value, new Set());
    return set(to, 'valid-name', `Name the workload ${show(to)}`);
  }
  if (segments[0] === 'containers' && segments[2] === 'files' && last === 'mode' && segments.length === 5) {
    const to = fileModeFrom(value);
    return set(to, 'file-mode', `Write the mode as ${show(to)}`);
  }
  if (segments[0] === 'resources' && last === 'id' && segments.length === 3) {
    const to = resourceIdFrom(value);
    return set(to, 'resource-id', `Write the id as ${show(to)}`);
  }
  return [];
};

/** A map key the schema refuses: a container, resource, service port or annotation gets a valid name. */
export const nameFixes: Planner = (ctx) => {
  const { segments } = ctx;
  const name = segments[segments.length - 1]!;
  const parent = segments.slice(0, -1);
  const path = toPointer(parent);
  // Names other fixes of the same run give here are taken too (`taken` holds them as pointers).
  const promised = [...ctx.taken].filter((p) => p.startsWith(path + '/')).map((p) => p.slice(path.length + 1));
  const siblings = new Set([...Object.keys(asRecord(valueAt(ctx.workload, path)) ?? {}), ...promised]);
  const rename = (kind: string, command: PlannedFix['command'], extra: Record<string, unknown> = {}): PlannedFix[] => {
    const to = kind === 'annotation' ? annotationKeyFrom(name) : labelFrom(name, siblings);
    if (to === undefined || to === name || siblings.has(to)) return [];
    ctx.taken.add(`${path}/${to}`);
    return [
      {
        title: `Rename ${kind} ${show(name)} to ${show(to)}`,
        kind: 'valid-name',
        command,
        args: { ...extra, from: name, to },
        fixAll: true,
      },
    ];
  };
  if (path === '/containers') return rename('container', 'renameContainer');
  if (path === '/resources') return rename('resource', 'renameResource');
  if (path === '/service/ports') return rename('service port', 'renameServicePort');
  if (path === '/metadata/annotations') return rename('annotation', 'renameAnnotation');
  if (parent.length === 4 && parent[0] === 'resources' && parent[2] === 'metadata' && parent[3] === 'annotations') {
    return rename('annotation', 'renameAnnotation', { resource: parent[1] });
  }
  return [];
};

/** A field the schema does not know: renamed to the field it was likely meant to be, or removed. */
export const unknownFieldFixes: Planner = (ctx) => {
  const { segments } = ctx;
  const pointer = ctx.diagnostic.path;
  const field = segments[segments.length - 1]!;
  const parent = segments.slice(0, -1);
  const place = placeOf(parent, readWorkload(ctx.workload));
  const here = asRecord(valueAt(ctx.workload, toPointer(parent))) ?? {};
  const collection = valueAt(ctx.workload, toPointer(parent.slice(0, -1)));
  // A map-form file or volume takes no target: the key is its path.
  const allowed = (knownFields[place.kind] ?? []).filter(
    (f) => !((place.kind === 'file' || place.kind === 'volume') && f === 'target' && !Array.isArray(collection)),
  );
  const guess = closestField(field, allowed);
  const out: PlannedFix[] = [];
  if (
    guess !== undefined &&
    !Object.prototype.hasOwnProperty.call(here, guess) &&
    fitsAfterRename(ctx.workload, parent, field, guess)
  ) {
    out.push({
      title: `Rename ${show(field)} to ${show(guess)}`,
      kind: 'rename-unknown-field',
      command: 'renameField',
      args: { pointer, to: guess },
      fixAll: true,
    });
  }
  out.push({
    title: `Remove ${show(field)}`,
    kind: 'remove-unknown-field',
    command: 'unsetField',
    args: { pointer },
    fixAll: false,
  });
  return out;
};

/** Whether the value of `field` under `parent` would be valid as `to` (a string is no `command`). */
function fitsAfterRename(
  workload: Record<string, unknown>,
  parent: readonly string[],
  field: string,
  to: string,
): boolean {
  const copy = renamedCopy(workload, parent, field, to);
  if (validateWorkload(copy)) return true;
  const at = toPointer([...parent, to]);
  return !(validateWorkload.errors ?? []).some((e) => e.instancePath === at || e.instancePath.startsWith(at + '/'));
}

/** The workload with one key renamed, copied only along the way to it. */
function renamedCopy(node: unknown, path: readonly string[], from: string, to: string): unknown {
  if (path.length === 0) {
    const record = asRecord(node) ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      Object.defineProperty(out, key === from ? to : key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(node))
    return node.map((item, i) => (String(i) === head ? renamedCopy(item, rest, from, to) : item));
  const record = asRecord(node) ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    Object.defineProperty(out, key, {
      value: key === head ? renamedCopy(value, rest, from, to) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The Ajv error behind a diagnostic of one value (its expected type, its allowed values). */
function schemaError(ctx: FixContext, keyword: string): SchemaError | undefined {
  if (validateWorkload(ctx.workload)) return undefined;
  return (validateWorkload.errors ?? []).find((e) => e.instancePath === ctx.diagnostic.path && e.keyword === keyword);
}

/** A number or true/false where text belongs goes in quotes (as written: `1.0` stays `1.0`); digits in quotes where a number belongs lose them. */
export const typeFixes: Planner = (ctx) => {
  const pointer = ctx.diagnostic.path;
  const value = valueAt(ctx.workload, pointer);
  const expected = schemaError(ctx, 'type')?.params.type;
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    const text = writtenText(ctx, pointer) ?? String(value);
    return [
      {
        title: `Put ${text} in quotes`,
        kind: 'quote-value',
        command: 'setField',
        args: { pointer, value: text },
        fixAll: true,
      },
    ];
  }
  if (
    expected === 'integer' &&
    typeof value === 'string' &&
    /^\d+$/.test(value) &&
    Number.isSafeInteger(Number(value))
  ) {
    return [
      {
        title: `Write ${Number(value)} as a number, without quotes`,
        kind: 'unquote-number',
        command: 'setField',
        args: { pointer, value: Number(value) },
        fixAll: true,
      },
    ];
  }
  return [];
};

/** The text of a plain scalar as written, so that quoting `0644` or `1.0` keeps every character. */
function writtenText(ctx: FixContext, pointer: string): string | undefined {
  const doc = ctx.parsed.doc;
  if (!doc) return undefined;
  const node = locate(doc, pointer).node;
  if (!isScalar(node) || node.type !== 'PLAIN' || !node.range) return undefined;
  return ctx.parsed.text.slice(node.range[0], node.range[1]);
}

/** A value outside its list of allowed values: the allowed one it differs from in case only, or the closest. */
export const enumFixes: Planner = (ctx) => {
  const pointer = ctx.diagnostic.path;
  const value = valueAt(ctx.workload, pointer);
  const allowed = schemaError(ctx, 'enum')?.params.allowedValues;
  if (typeof value !== 'string' || !Array.isArray(allowed)) return [];
  const options = allowed.filter((a): a is string => typeof a === 'string');
  const sameLetters = options.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  const to = sameLetters ?? closestField(value, options);
  if (to === undefined || to === value) return [];
  // Waiting until healthy needs a probe on the container that starts first.
  const [, first, field] = ctx.segments;
  const container = asRecord(asRecord(ctx.workload.containers)?.[first ?? '']);
  if (to === 'healthy' && field === 'before' && container?.readinessProbe == null && container?.livenessProbe == null) {
    return [];
  }
  return [
    {
      title: `Write ${show(to)} instead of ${show(value)}`,
      kind: sameLetters !== undefined ? 'enum-case' : 'enum-guess',
      command: 'setField',
      args: { pointer, value: to },
      fixAll: sameLetters !== undefined,
    },
  ];
};

/** Required fields with one obvious value: apiVersion, and a service port's port when its targetPort is set. */
export const requiredFixes: Planner = (ctx) => {
  const pointer = ctx.diagnostic.path;
  if (pointer === '/apiVersion') {
    return [
      {
        title: 'Add apiVersion: score.dev/v1b1',
        kind: 'api-version',
        command: 'setField',
        args: { pointer, value: 'score.dev/v1b1' },
        fixAll: false,
      },
    ];
  }
  const { segments } = ctx;
  if (segments.length === 4 && segments[0] === 'service' && segments[1] === 'ports' && segments[3] === 'port') {
    const target = valueAt(ctx.workload, toPointer([...segments.slice(0, 3), 'targetPort']));
    if (typeof target !== 'number' || !Number.isInteger(target) || target < 1 || target > 65535) return [];
    return [
      {
        title: `Set port to ${target}, the same as targetPort`,
        kind: 'port-from-target',
        command: 'setField',
        args: { pointer, value: target },
        fixAll: true,
      },
    ];
  }
  return [];
};

/** `target` in a map-form file or volume: the key already is the path, so target goes. */
export const deprecatedTargetFixes: Planner = (ctx) => [
  {
    title: 'Remove target: in the map form the key is the path',
    kind: 'remove-deprecated-target',
    command: 'unsetField',
    args: { pointer: ctx.diagnostic.path },
    fixAll: true,
  },
];
