import { renameResourceInPlaceholders } from '../workload/placeholder-syntax';
import { checkArgs, firstProblem, labelProblem, nameProblem, planOf } from './args';
import type { Command } from './command';
import type { JsonValue } from './fields';
import { collect, runPlan } from './run';
import { rewriteReferences } from './references';
import { removeAt, renameKeyAt, setAt } from './splice';
import { hasContainer, hasResource, keepWhenEmpty, namesAt, resource, resourceParam, variable } from './workload';

export interface AddResourceArgs {
  /** RFC 1123 label, unique in the workload. */
  name: string;
  type: string;
  class?: string;
  /** Makes the resource shared across workloads (same type, class and id). */
  id?: string;
  params?: Record<string, unknown>;
}

/** Adds a resource dependency at the end of `resources` (created when missing). */
export const addResource: Command<AddResourceArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { name: 'string', type: 'string', class: 'string?', id: 'string?', params: 'object?' }) ??
      firstProblem(labelProblem('resource', args.name));
    if (bad) return bad;
    if (args.type.trim() === '') return 'A resource needs a type (for example "postgres" or "redis").';
    if (hasResource(ctx, args.name)) return `A resource named "${args.name}" already exists; choose another name.`;
    const value: Record<string, unknown> = { type: args.type };
    if (args.class !== undefined) value.class = args.class;
    if (args.id !== undefined) value.id = args.id;
    if (args.params !== undefined) value.params = args.params;
    return planOf(setAt(ctx, resource(args.name), value), resource(args.name));
  });

export interface RenameResourceArgs {
  from: string;
  to: string;
}

/**
 * Renames a resource and every placeholder that names it: `${resources.OLD.x}` becomes
 * `${resources.NEW.x}` in variables, file content (unless noExpand), volume sources, resource params
 * and command/args. Only the placeholder's characters change inside each string; its quoting stays.
 */
export const renameResource: Command<RenameResourceArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { from: 'string', to: 'string' }) ?? firstProblem(labelProblem('resource', args.to));
    if (bad) return bad;
    const { from, to } = args;
    if (!hasResource(ctx, from)) return `There is no resource named "${from}".`;
    if (from === to) return { edits: [] };
    if (hasResource(ctx, to)) return `A resource named "${to}" already exists; choose another name.`;
    const references = rewriteReferences(ctx, (value) => renameResourceInPlaceholders(value, from, to));
    const edits = collect(renameKeyAt(ctx, resource(from), to), ...references.splices);
    if (typeof edits === 'string') return edits;
    return { edits, selection: '/' + ['resources', to].join('/'), verify: references.verify };
  });

export interface RemoveResourceArgs {
  name: string;
}

/**
 * Removes a resource (and `resources:` when it was the last). Placeholders that name it stay as
 * written: validation then points at each, so nothing the user wrote disappears silently.
 */
export const removeResource: Command<RemoveResourceArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { name: 'string' });
    if (bad) return bad;
    if (!hasResource(ctx, args.name)) return `There is no resource named "${args.name}".`;
    return planOf(removeAt(ctx, resource(args.name), keepWhenEmpty), '/resources');
  });

export interface SetResourceParamArgs {
  resource: string;
  name: string;
  value: JsonValue;
}

/** Sets a resource param (any JSON value), creating `params` when missing. */
export const setResourceParam: Command<SetResourceParamArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { resource: 'string', name: 'string', value: 'json' }) ??
      firstProblem(nameProblem('param name', args.name));
    if (bad) return bad;
    if (!hasResource(ctx, args.resource)) return `There is no resource named "${args.resource}".`;
    return planOf(
      setAt(ctx, resourceParam(args.resource, args.name), args.value),
      resourceParam(args.resource, args.name),
    );
  });

export interface RemoveResourceParamArgs {
  resource: string;
  name: string;
}

/** Removes a resource param; an emptied `params` goes too. */
export const removeResourceParam: Command<RemoveResourceParamArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { resource: 'string', name: 'string' });
    if (bad) return bad;
    if (!namesAt(ctx, [...resource(args.resource), 'params']).includes(args.name)) {
      return `Resource "${args.resource}" has no param "${args.name}".`;
    }
    return planOf(removeAt(ctx, resourceParam(args.resource, args.name), keepWhenEmpty), resource(args.resource));
  });

export interface RenameResourceParamArgs {
  resource: string;
  from: string;
  to: string;
}

/** Renames a resource param, keeping its value and the key's quoting. */
export const renameResourceParam: Command<RenameResourceParamArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { resource: 'string', from: 'string', to: 'string' }) ??
      firstProblem(nameProblem('param name', args.to));
    if (bad) return bad;
    if (!namesAt(ctx, [...resource(args.resource), 'params']).includes(args.from)) {
      return `Resource "${args.resource}" has no param "${args.from}".`;
    }
    if (args.from !== args.to && namesAt(ctx, [...resource(args.resource), 'params']).includes(args.to)) {
      return `Resource "${args.resource}" already has a param "${args.to}".`;
    }
    return planOf(
      renameKeyAt(ctx, resourceParam(args.resource, args.from), args.to),
      resourceParam(args.resource, args.to),
    );
  });

export interface BindOutputToVariableArgs {
  container: string;
  variable: string;
  resource: string;
  /** The output key as the provisioner names it (a `.` in it is escaped as `\.`). */
  output: string;
}

/** Sets a container variable to a resource output: `VAR: ${resources.RES.OUTPUT}`. */
export const bindOutputToVariable: Command<BindOutputToVariableArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { container: 'string', variable: 'string', resource: 'string', output: 'string' }) ??
      firstProblem(
        nameProblem('variable name', args.variable),
        args.variable.includes('=') ? 'A variable name cannot contain "=".' : undefined,
        nameProblem('output name', args.output),
        args.output.includes('}') ? 'An output name cannot contain "}".' : undefined,
      );
    if (bad) return bad;
    if (!hasContainer(ctx, args.container)) return `There is no container named "${args.container}".`;
    if (!hasResource(ctx, args.resource)) return `There is no resource named "${args.resource}".`;
    const placeholder = '${resources.' + args.resource + '.' + args.output.replace(/\./g, '\\.') + '}';
    return planOf(
      setAt(ctx, variable(args.container, args.variable), placeholder),
      variable(args.container, args.variable),
    );
  });
