import { catalogTypes } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/types';
import { findUnterminatedPlaceholder } from '../workload/placeholder-syntax';
import { findWorkloadPlaceholders, type LocatedPlaceholder } from '../workload/placeholders';
import { asRecord, valueAt } from '../workload/values';
import { closest } from '../workload/did-you-mean';
import type { FixContext, PlannedFix, Planner } from './types';
import { LABEL } from './values';

/** Fixes of placeholders: a misspelt part, a resource never declared, a `${` never closed. */

/** The placeholder a diagnostic stands on (same string, same place in the text). */
function placeholderOf(ctx: FixContext): LocatedPlaceholder | undefined {
  const { range, path } = ctx.diagnostic;
  const start = ctx.parsed.lines.offset(range.line, range.column);
  return findWorkloadPlaceholders(ctx.parsed).find((p) => p.pointer === path && p.start === start);
}

/** The string holding the placeholder with part `index` of its reference replaced by `to`. */
function rewritePart(ctx: FixContext, p: LocatedPlaceholder, index: number, to: string): string | undefined {
  const value = valueAt(ctx.workload, p.pointer);
  if (typeof value !== 'string' || value.slice(p.token.start, p.token.end) !== p.token.raw) return undefined;
  const parts = p.parts.map((part, i) => (i === index ? to : part));
  const raw = '${' + parts.map((part) => part.replace(/\./g, '\\.')).join('.') + '}';
  return value.slice(0, p.token.start) + raw + value.slice(p.token.end);
}

/** A fix that rewrites one part of one placeholder to `to`. */
function partFix(
  ctx: FixContext,
  p: LocatedPlaceholder,
  index: number,
  to: string,
  kind: PlannedFix['kind'],
  fixAll: boolean,
): PlannedFix[] {
  const value = rewritePart(ctx, p, index, to);
  if (value === undefined) return [];
  const read = [...p.parts.slice(0, index), to].join('.');
  return [
    {
      title: `Read ${read} (not ${p.parts[index]})`,
      kind,
      command: 'setField',
      args: { pointer: p.pointer, value },
      fixAll,
    },
  ];
}

/** `${resource.db.host}`: the root it likely means. */
export const rootFixes: Planner = (ctx) => {
  const p = placeholderOf(ctx);
  const guess = p ? closest(p.parts[0] ?? '', ['metadata', 'resources']) : undefined;
  return p && guess ? partFix(ctx, p, 0, guess, 'placeholder-root', true) : [];
};

/** `${metadata.nmae}`: the metadata key it likely means, at the same level. */
export const metadataKeyFixes: Planner = (ctx) => {
  const p = placeholderOf(ctx);
  if (!p) return [];
  let here: unknown = ctx.workload.metadata;
  for (let i = 1; i < p.parts.length; i++) {
    const level = asRecord(here);
    if (!level) return [];
    const key = p.parts[i]!;
    if (!Object.prototype.hasOwnProperty.call(level, key)) {
      const guess = closest(key, Object.keys(level));
      return guess ? partFix(ctx, p, i, guess, 'placeholder-metadata-key', false) : [];
    }
    here = level[key];
  }
  return [];
};

/** `${resources.NAME.x}` with no resource NAME: the declared one it likely means, or NAME declared. */
export const unknownResourceFixes: Planner = (ctx) => {
  const p = placeholderOf(ctx);
  const name = p?.parts[1];
  if (!p || name === undefined) return [];
  const resources = asRecord(ctx.workload.resources) ?? {};
  const out: PlannedFix[] = [];
  const guess = closest(name, Object.keys(resources));
  if (guess) out.push(...partFix(ctx, p, 1, guess, 'rename-placeholder-resource', false));
  if (LABEL.test(name) && !ctx.taken.has(`/resources/${name}`)) {
    for (const entry of declarableAs(ctx, name)) {
      out.push({
        title: `Declare resource "${name}" of type ${entry.type}${entry.class !== undefined ? ` (class ${entry.class})` : ''}`,
        kind: 'declare-resource',
        command: 'addResource',
        args: {
          name,
          type: entry.type,
          ...(entry.class !== undefined ? { class: entry.class } : {}),
          ...(entry.id !== undefined ? { id: entry.id } : {}),
        },
        fixAll: false,
      });
    }
  }
  return out;
};

/** Names people give resources of a type, to put that type first (the first type listed wins a tie). */
const TYPE_HINTS: Record<string, readonly string[]> = {
  postgres: ['db', 'database', 'pg', 'postgresql', 'sql'],
  mysql: ['mariadb', 'db', 'database'],
  redis: ['cache', 'session', 'sessions'],
  amqp: ['queue', 'mq', 'rabbit', 'rabbitmq', 'broker', 'bus'],
  mongodb: ['mongo', 'documents'],
  s3: ['bucket', 'storage', 'objects', 'minio'],
  volume: ['data', 'storage', 'disk', 'files'],
  environment: ['env', 'environment', 'config'],
  dns: ['host', 'domain'],
  'kafka-topic': ['kafka', 'topic', 'events'],
};

/**
 * The catalog's entries a missing resource could be declared as (at most three): those that give
 * every output the workload's placeholders read from it (any, where only a volume mounts it), the
 * entry whose type is the name, or a type people give that name, first.
 */
function declarableAs(ctx: FixContext, name: string): CatalogEntry[] {
  const reads = findWorkloadPlaceholders(ctx.parsed).filter((q) => q.parts[0] === 'resources' && q.parts[1] === name);
  const outputs = new Set(reads.map((q) => q.parts[2]).filter((o): o is string => o !== undefined));
  const onlyMounted = reads.length > 0 && reads.every((q) => q.context === 'volume-source' && q.parts.length === 2);
  const hinted = Object.keys(TYPE_HINTS).filter((type) => TYPE_HINTS[type]!.includes(name));
  const score = (type: string): number =>
    type === name
      ? 0
      : hinted.includes(type)
        ? 1 + hinted.indexOf(type) / 100
        : onlyMounted && type === 'volume'
          ? 1
          : 2;
  const fits = catalogTypes(ctx.catalog)
    .map((t) => t.entries.find((e) => e.id === undefined && e.runsInBrowser))
    .filter((e): e is CatalogEntry => e !== undefined)
    .filter((e) =>
      onlyMounted
        ? e.type === 'volume'
        : outputs.size > 0 && [...outputs].every((o) => e.anyOutput || e.outputs.some((out) => out.name === o)),
    )
    .filter((e) => !e.anyOutput || score(e.type) < 2);
  return fits.sort((a, b) => score(a.type) - score(b.type) || a.type.localeCompare(b.type)).slice(0, 3);
}

/** An output the resource's provisioner does not give (catalog layer): the output it likely means. */
export const unknownOutputFixes: Planner = (ctx) => {
  const p = placeholderOf(ctx);
  const [, name, output] = p?.parts ?? [];
  if (!p || name === undefined || output === undefined) return [];
  const type = asRecord(asRecord(ctx.workload.resources)?.[name])?.type;
  const entry = catalogTypes(ctx.catalog)
    .find((t) => t.type === type)
    ?.entries.find((e) => e.outputsDeclared);
  const guess = entry
    ? closest(
        output,
        entry.outputs.map((o) => o.name),
      )
    : undefined;
  return guess ? partFix(ctx, p, 2, guess, 'placeholder-output', false) : [];
};

/** A `${` never closed, which score-compose keeps as text: `$${` says so, and the warning goes. */
export const unterminatedFixes: Planner = (ctx) => {
  const pointer = ctx.diagnostic.path;
  const value = valueAt(ctx.workload, pointer);
  if (typeof value !== 'string') return [];
  const open = findUnterminatedPlaceholder(value);
  if (open < 0) return [];
  return [
    {
      title: 'Write "$${" so that "${" is plain text (as score-compose reads it now)',
      kind: 'escape-unterminated',
      command: 'setField',
      args: { pointer, value: value.slice(0, open) + '$' + value.slice(open) },
      fixAll: true,
    },
  ];
};
