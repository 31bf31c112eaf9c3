import { checkArgs, firstProblem, labelProblem, planOf } from './args';
import type { Command } from './command';
import { collect, runPlan } from './run';
import { removeAt, renameKeyAt, setAt } from './splice';
import type { EditContext } from './tree';
import { before, container, hasContainer, keepWhenEmpty, namesAt } from './workload';

export interface AddContainerArgs {
  /** RFC 1123 label, unique in the workload. */
  name: string;
  image: string;
  /** Further container fields (command, variables, …), written after `image`. */
  spec?: Record<string, unknown>;
}

/** Adds a container with its image (and any further fields) at the end of `containers`. */
export const addContainer: Command<AddContainerArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { name: 'string', image: 'string', spec: 'object?' }) ??
      firstProblem(labelProblem('container', args.name));
    if (bad) return bad;
    if (args.image.trim() === '')
      return 'A container needs an image (for example "nginx:1.27", or "." for an image built from this folder).';
    if (hasContainer(ctx, args.name)) return `A container named "${args.name}" already exists; choose another name.`;
    const rest = Object.fromEntries(Object.entries(args.spec ?? {}).filter(([k]) => k !== 'image'));
    return planOf(setAt(ctx, container(args.name), { image: args.image, ...rest }), container(args.name));
  });

export interface RenameContainerArgs {
  from: string;
  to: string;
}

/** Renames a container, and every `before` entry (start order) that names it. */
export const renameContainer: Command<RenameContainerArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { from: 'string', to: 'string' }) ?? firstProblem(labelProblem('container', args.to));
    if (bad) return bad;
    if (!hasContainer(ctx, args.from)) return `There is no container named "${args.from}".`;
    if (args.from === args.to) return { edits: [] };
    if (hasContainer(ctx, args.to)) return `A container named "${args.to}" already exists; choose another name.`;
    const references = startOrderNaming(ctx, args.from).map((c) => renameKeyAt(ctx, before(c, args.from), args.to));
    return planOf(collect(renameKeyAt(ctx, container(args.from), args.to), ...references), container(args.to));
  });

export interface RemoveContainerArgs {
  name: string;
}

/**
 * Removes a container, and the `before` entries of other containers that name it (they would point
 * at nothing). `containers` itself stays, as `{}`, when the last container goes.
 */
export const removeContainer: Command<RemoveContainerArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { name: 'string' });
    if (bad) return bad;
    if (!hasContainer(ctx, args.name)) return `There is no container named "${args.name}".`;
    const references = startOrderNaming(ctx, args.name)
      .filter((c) => c !== args.name)
      .map((c) => removeAt(ctx, before(c, args.name), keepWhenEmpty));
    return planOf(collect(removeAt(ctx, container(args.name), keepWhenEmpty), ...references), '/containers');
  });

/** The containers whose start order names `target`. */
export function startOrderNaming(ctx: EditContext, target: string): string[] {
  return namesAt(ctx, ['containers']).filter((c) => namesAt(ctx, [...container(c), 'before']).includes(target));
}
