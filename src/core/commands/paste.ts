import { isRecord } from '../workload/values';
import { checkArgs, firstProblem, labelProblem, planOf } from './args';
import type { Command } from './command';
import { runPlan } from './run';
import { runSteps, type Step } from './sequence';
import { setAt } from './splice';
import { container, hasContainer, hasResource, resource } from './workload';

export interface PastePartsArgs {
  /** Containers to add, by name, each with its whole mapping (image, variables, files…). */
  containers?: Record<string, unknown>;
  /** Resources to add, by name, each with its whole mapping (type, class, params…). */
  resources?: Record<string, unknown>;
}

/**
 * Adds several containers and resources at once, each written as given at the end of its mapping
 * (created when missing): what a paste or a duplicate on the canvas makes. One change, so one undo
 * step. Names must be free; the plan that makes them unique and rewrites the references between the
 * copied parts is the canvas's (core/graph/paste.ts), so that this command writes exactly what it is
 * given and the automation API can paste anything.
 */
export const pasteParts: Command<PastePartsArgs> = (text, args) => {
  const bad = checkArgs(args, { containers: 'object?', resources: 'object?' });
  if (bad) return { error: bad };
  const containers = Object.entries(args.containers ?? {});
  const resources = Object.entries(args.resources ?? {});
  if (containers.length + resources.length === 0) return { error: 'There is nothing to paste.' };
  const steps: Step[] = [
    ...containers.map(
      ([name, spec]): Step =>
        (now) =>
          addPart(now, 'container', name, spec),
    ),
    ...resources.map(
      ([name, spec]): Step =>
        (now) =>
          addPart(now, 'resource', name, spec),
    ),
  ];
  return runSteps(text, steps, 0);
};

function addPart(text: string, kind: 'container' | 'resource', name: string, spec: unknown) {
  return runPlan(text, (ctx) => {
    const bad = firstProblem(labelProblem(kind, name));
    if (bad) return bad;
    if (!isRecord(spec)) return `The ${kind} "${name}" must be a mapping of its fields.`;
    const taken = kind === 'container' ? hasContainer(ctx, name) : hasResource(ctx, name);
    if (taken) return `A ${kind} named "${name}" already exists; choose another name.`;
    const at = kind === 'container' ? container(name) : resource(name);
    return planOf(setAt(ctx, at, spec), at);
  });
}
