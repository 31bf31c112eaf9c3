import { catalogTypes } from '../catalog/catalog';
import { toPointer } from '../document/pointer';
import { asRecord, valueAt } from '../workload/values';
import { closest } from '../workload/did-you-mean';
import type { PlannedFix, Planner } from './types';

/** Fixes of the catalog layer's warnings: a type no provisioner takes, a param none uses. */

/** A resource type no loaded provisioner takes, close to one that some does. */
export const noProvisionerFixes: Planner = (ctx) => {
  const type = valueAt(ctx.workload, ctx.diagnostic.path);
  if (typeof type !== 'string' || ctx.segments[ctx.segments.length - 1] !== 'type') return [];
  const types = catalogTypes(ctx.catalog).map((t) => t.type);
  if (types.includes(type)) return []; // the class or id is what no provisioner takes
  const guess = closest(type, types);
  if (!guess) return [];
  return [
    {
      title: `Use type "${guess}" (not "${type}")`,
      kind: 'catalog-type',
      command: 'setField',
      args: { pointer: ctx.diagnostic.path, value: guess },
      fixAll: false,
    },
  ];
};

/** A param the resource's provisioner does not use: the param it likely means, or removed. */
export const unsupportedParamFixes: Planner = (ctx) => {
  const [, resource, , param] = ctx.segments;
  if (resource === undefined || param === undefined) return [];
  const type = asRecord(asRecord(ctx.workload.resources)?.[resource])?.type;
  const entry = catalogTypes(ctx.catalog)
    .find((t) => t.type === type)
    ?.entries.find((e) => e.paramsDeclared);
  const given = Object.keys(asRecord(valueAt(ctx.workload, toPointer(['resources', resource, 'params']))) ?? {});
  const guess = entry
    ? closest(
        param,
        entry.params.map((p) => p.name).filter((p) => !given.includes(p)),
      )
    : undefined;
  const out: PlannedFix[] = [];
  if (guess) {
    out.push({
      title: `Rename param "${param}" to "${guess}"`,
      kind: 'rename-param',
      command: 'renameResourceParam',
      args: { resource, from: param, to: guess },
      fixAll: false,
    });
  }
  out.push({
    title: `Remove param "${param}"`,
    kind: 'remove-param',
    command: 'removeResourceParam',
    args: { resource, name: param },
    fixAll: false,
  });
  return out;
};
