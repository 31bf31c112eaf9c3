import { isMap } from 'yaml';
import { checkArgs, firstProblem, labelProblem, planOf } from './args';
import type { Command } from './command';
import { collect, runPlan } from './run';
import { removeAt, renameKeyAt, setAt, type Splice } from './splice';
import { readAt, type EditContext } from './tree';
import { keepWhenEmpty, namesAt, servicePort } from './workload';
import { numberText } from '../workload/values';

export interface SetServicePortArgs {
  /** RFC 1123 label of the port. */
  name: string;
  port: number;
  targetPort?: number;
  protocol?: 'TCP' | 'UDP';
}

/**
 * Adds a service port, or updates the given fields of an existing one (fields not given stay as
 * they are; unset one with unsetField). Creates `service.ports` when missing.
 */
export const setServicePort: Command<SetServicePortArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { name: 'string', port: 'number', targetPort: 'number?', protocol: 'string?' }) ??
      firstProblem(
        labelProblem('service port', args.name),
        portProblem('port', args.port),
        args.targetPort === undefined ? undefined : portProblem('targetPort', args.targetPort),
        args.protocol === undefined || args.protocol === 'TCP' || args.protocol === 'UDP'
          ? undefined
          : `"protocol" must be TCP or UDP, not "${args.protocol}".`,
      );
    if (bad) return bad;
    // In the schema's order: fields new to the port then land in it (see insertEntry).
    const fields: Record<string, unknown> = { port: args.port };
    if (args.protocol !== undefined) fields.protocol = args.protocol;
    if (args.targetPort !== undefined) fields.targetPort = args.targetPort;
    return planOf(mergeFields(ctx, servicePort(args.name), fields), servicePort(args.name));
  });

function portProblem(field: string, port: number): string | undefined {
  return Number.isInteger(port) && port >= 1 && port <= 65535
    ? undefined
    : `"${field}" must be a whole number from 1 to 65535, not ${numberText(port)}.`;
}

/** Sets each field of an existing mapping in place, or writes the mapping whole when it is missing or empty. */
export function mergeFields(ctx: EditContext, segments: string[], fields: Record<string, unknown>): Splice {
  const node = readAt(ctx, segments);
  if (!isMap(node) || node.items.length === 0) return setAt(ctx, segments, fields);
  return collect(...Object.entries(fields).map(([key, value]) => setAt(ctx, [...segments, key], value)));
}

export interface RemoveServicePortArgs {
  name: string;
}

/** Removes a service port; `service` goes too when it was the last. */
export const removeServicePort: Command<RemoveServicePortArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { name: 'string' });
    if (bad) return bad;
    if (!namesAt(ctx, ['service', 'ports']).includes(args.name))
      return `There is no service port named "${args.name}".`;
    return planOf(removeAt(ctx, servicePort(args.name), keepWhenEmpty), '/service/ports');
  });

export interface RenameServicePortArgs {
  from: string;
  to: string;
}

/** Renames a service port. */
export const renameServicePort: Command<RenameServicePortArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { from: 'string', to: 'string' }) ?? firstProblem(labelProblem('service port', args.to));
    if (bad) return bad;
    const names = namesAt(ctx, ['service', 'ports']);
    if (!names.includes(args.from)) return `There is no service port named "${args.from}".`;
    if (args.from !== args.to && names.includes(args.to)) return `A service port named "${args.to}" already exists.`;
    return planOf(renameKeyAt(ctx, servicePort(args.from), args.to), servicePort(args.to));
  });
