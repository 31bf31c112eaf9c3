import { toPointer } from '../document/pointer';
import { asRecord, valueAt } from '../workload/values';
import { closest } from '../workload/did-you-mean';
import type { PlannedFix, Planner } from './types';
import { CPU, MEMORY, readableMode } from './values';

/** Fixes of the semantic rules' findings: start order, requests and limits, files and volumes. */

const show = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/** `ready: healthy` on a container without a probe: wait until it has started instead. */
export const healthyFixes: Planner = (ctx) => {
  const [, first] = ctx.segments;
  if (first === undefined) return [];
  return [
    {
      title: `Wait until "${first}" has started (healthy needs a readiness or liveness probe on "${first}")`,
      kind: 'healthy-to-started',
      command: 'setField',
      args: { pointer: ctx.diagnostic.path, value: 'started' },
      fixAll: true,
    },
  ];
};

/** A container that lists itself under before: the entry means nothing and goes. */
export const selfReferenceFixes: Planner = (ctx) => {
  const [, name] = ctx.segments;
  if (name === undefined) return [];
  return [
    {
      title: `Remove "${name}" from its own start order`,
      kind: 'remove-self-start-order',
      command: 'removeBefore',
      args: { container: name, target: name },
      fixAll: true,
    },
  ];
};

/** A start order naming no container: the container it likely means, or the entry goes. */
export const unknownTargetFixes: Planner = (ctx) => {
  const [, first, , target] = ctx.segments;
  if (first === undefined || target === undefined) return [];
  const containers = Object.keys(asRecord(ctx.workload.containers) ?? {});
  const listed = Object.keys(asRecord(valueAt(ctx.workload, toPointer(['containers', first, 'before']))) ?? {});
  // Not a container already listed, nor one that starts before `first` (the order would loop).
  const guess = closest(
    target,
    containers.filter((c) => c !== first && !listed.includes(c) && !startsBefore(ctx.workload, c, first)),
  );
  const out: PlannedFix[] = [];
  if (guess !== undefined) {
    out.push({
      title: `Start "${first}" before "${guess}" (not "${target}")`,
      kind: 'rename-start-order',
      command: 'renameField',
      args: { pointer: ctx.diagnostic.path, to: guess },
      fixAll: false,
    });
  }
  out.push({
    title: `Remove the start order entry "${target}" of "${first}"`,
    kind: 'remove-start-order',
    command: 'removeBefore',
    args: { container: first, target },
    fixAll: false,
  });
  return out;
};

/** A start order cycle, shown on the entry that closes it: that entry goes. */
export const cycleFixes: Planner = (ctx) => {
  const [, first, , then] = ctx.segments;
  if (first === undefined || then === undefined) return [];
  return [
    {
      title: `Remove the start order entry "${first}" before "${then}", which closes the cycle`,
      kind: 'break-cycle',
      command: 'removeBefore',
      args: { container: first, target: then },
      fixAll: false,
    },
  ];
};

/** A request above its limit: either comes to equal the other. */
export const requestAboveLimitFixes: Planner = (ctx) => {
  const [, name, , , field] = ctx.segments;
  if (name === undefined || field === undefined) return [];
  const limitPointer = toPointer(['containers', name, 'resources', 'limits', field]);
  const request = valueAt(ctx.workload, ctx.diagnostic.path);
  const limit = valueAt(ctx.workload, limitPointer);
  // Each is copied to the other: only amounts written as the schema wants (its own fix mends the others).
  const valid = field === 'memory' ? MEMORY : CPU;
  if (typeof request !== 'string' || typeof limit !== 'string' || !valid.test(request) || !valid.test(limit)) return [];
  return [
    {
      title: `Lower the ${field} request to the limit, ${show(limit)}`,
      kind: 'lower-request',
      command: 'setField',
      args: { pointer: ctx.diagnostic.path, value: limit },
      fixAll: false,
    },
    {
      title: `Raise the ${field} limit to the request, ${show(request)}`,
      kind: 'raise-limit',
      command: 'setField',
      args: { pointer: limitPointer, value: request },
      fixAll: false,
    },
  ];
};

/** Files or volumes in the deprecated list form: the map form, keyed by target path. */
export const arrayFormFixes: Planner = (ctx) => {
  const [, name, field] = ctx.segments;
  if (name === undefined || (field !== 'files' && field !== 'volumes')) return [];
  return [
    {
      title: `Write the ${field} of "${name}" as a map keyed by path`,
      kind: 'map-form',
      command: 'useMapForm',
      args: { container: name, field },
      fixAll: true,
    },
  ];
};

/** A file mode that does not let the owner read: the same mode with the owner's read bit. */
export const unreadableModeFixes: Planner = (ctx) => {
  const mode = valueAt(ctx.workload, ctx.diagnostic.path);
  const to = typeof mode === 'string' ? readableMode(mode) : undefined;
  if (to === undefined) return [];
  return [
    {
      title: `Let the owner read the file: mode ${show(to)}`,
      kind: 'file-mode',
      command: 'setField',
      args: { pointer: ctx.diagnostic.path, value: to },
      fixAll: true,
    },
  ];
};

/** Whether `from` starts before `to` through the workload's before entries. */
function startsBefore(workload: Record<string, unknown>, from: string, to: string): boolean {
  const containers = asRecord(workload.containers) ?? {};
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const next = Object.keys(asRecord(asRecord(containers[queue.shift()!])?.before) ?? {});
    for (const n of next) {
      if (n === to) return true;
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return false;
}
