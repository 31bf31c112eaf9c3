import { checkArgs, firstProblem, nameProblem, planOf } from './args';
import type { Command } from './command';
import { runPlan } from './run';
import { removeAt, renameKeyAt, setAt } from './splice';
import { container, hasContainer, keepWhenEmpty, namesAt, variable } from './workload';

function variableNameProblem(name: string): string | undefined {
  return firstProblem(
    nameProblem('variable name', name),
    name.includes('=') ? 'A variable name cannot contain "=".' : undefined,
  );
}

export interface SetVariableArgs {
  container: string;
  name: string;
  /** The value; it may hold placeholders such as `${resources.db.host}`. */
  value: string;
}

/** Sets a container's environment variable, adding it (and `variables`) when missing. */
export const setVariable: Command<SetVariableArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { container: 'string', name: 'string', value: 'string' }) ??
      firstProblem(variableNameProblem(args.name));
    if (bad) return bad;
    if (!hasContainer(ctx, args.container)) return `There is no container named "${args.container}".`;
    return planOf(setAt(ctx, variable(args.container, args.name), args.value), variable(args.container, args.name));
  });

export interface RemoveVariableArgs {
  container: string;
  name: string;
}

/** Removes a container's variable; an emptied `variables` goes too. */
export const removeVariable: Command<RemoveVariableArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', name: 'string' });
    if (bad) return bad;
    if (!namesAt(ctx, [...container(args.container), 'variables']).includes(args.name)) {
      return `Container "${args.container}" has no variable "${args.name}".`;
    }
    return planOf(removeAt(ctx, variable(args.container, args.name), keepWhenEmpty), container(args.container));
  });

export interface RenameVariableArgs {
  container: string;
  from: string;
  to: string;
}

/** Renames a container's variable, keeping its value and the key's quoting. */
export const renameVariable: Command<RenameVariableArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, { container: 'string', from: 'string', to: 'string' }) ??
      firstProblem(variableNameProblem(args.to));
    if (bad) return bad;
    if (!namesAt(ctx, [...container(args.container), 'variables']).includes(args.from)) {
      return `Container "${args.container}" has no variable "${args.from}".`;
    }
    if (args.from !== args.to && namesAt(ctx, [...container(args.container), 'variables']).includes(args.to)) {
      return `Container "${args.container}" already has a variable "${args.to}".`;
    }
    return planOf(renameKeyAt(ctx, variable(args.container, args.from), args.to), variable(args.container, args.to));
  });
