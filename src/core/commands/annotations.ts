import { annotationKeyProblem, checkArgs, planOf } from './args';
import type { Command } from './command';
import { runPlan } from './run';
import { removeAt, renameKeyAt, setAt } from './splice';
import type { EditContext } from './tree';
import { annotations, hasResource, keepWhenEmpty, namesAt } from './workload';

/** Annotations belong to the workload (`metadata.annotations`) or, given `resource`, to that resource. */
interface Owner {
  /** A resource name; absent for the workload's own annotations. */
  resource?: string;
}

function ownerProblem(ctx: EditContext, owner: Owner): string | undefined {
  return owner.resource !== undefined && !hasResource(ctx, owner.resource)
    ? `There is no resource named "${owner.resource}".`
    : undefined;
}

function ownerName(owner: Owner): string {
  return owner.resource === undefined ? 'The workload' : `Resource "${owner.resource}"`;
}

export interface SetAnnotationArgs extends Owner {
  key: string;
  value: string;
}

/** Sets an annotation of the workload or of a resource, creating `annotations` when missing. */
export const setAnnotation: Command<SetAnnotationArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { resource: 'string?', key: 'string', value: 'string' }) ?? ownerProblem(ctx, args);
    if (bad) return bad;
    const at = [...annotations(args.resource), args.key];
    // Only a new key is checked: an existing one, even a bad one, can still get a new value.
    const isNew = !namesAt(ctx, annotations(args.resource)).includes(args.key);
    const keyProblem = isNew ? annotationKeyProblem(args.key) : undefined;
    return keyProblem ?? planOf(setAt(ctx, at, args.value), at);
  });

export interface RemoveAnnotationArgs extends Owner {
  key: string;
}

/** Removes an annotation; an emptied `annotations` (and an emptied resource `metadata`) goes too. */
export const removeAnnotation: Command<RemoveAnnotationArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { resource: 'string?', key: 'string' });
    if (bad) return bad;
    const base = annotations(args.resource);
    if (!namesAt(ctx, base).includes(args.key)) return `${ownerName(args)} has no annotation "${args.key}".`;
    return planOf(removeAt(ctx, [...base, args.key], keepWhenEmpty), base.slice(0, -1));
  });

export interface RenameAnnotationArgs extends Owner {
  from: string;
  to: string;
}

/** Renames an annotation key, keeping its value. */
export const renameAnnotation: Command<RenameAnnotationArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { resource: 'string?', from: 'string', to: 'string' });
    if (bad) return bad;
    const base = annotations(args.resource);
    const keys = namesAt(ctx, base);
    if (!keys.includes(args.from)) return `${ownerName(args)} has no annotation "${args.from}".`;
    if (args.from === args.to) return { edits: [] };
    if (keys.includes(args.to)) return `${ownerName(args)} already has an annotation "${args.to}".`;
    return annotationKeyProblem(args.to) ?? planOf(renameKeyAt(ctx, [...base, args.from], args.to), [...base, args.to]);
  });
