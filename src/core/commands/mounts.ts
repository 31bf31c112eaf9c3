import { isSeq } from 'yaml';
import { checkArgs, firstProblem, nameProblem, planOf } from './args';
import type { Command } from './command';
import { runPlan } from './run';
import { removeAt, renameKeyAt, setAt } from './splice';
import { readAt, type EditContext } from './tree';
import { container, hasContainer, keepWhenEmpty, mountForm, mountSegments } from './workload';

/**
 * Files and volumes of a container, by target path. Both forms are edited in place: the map form
 * (`files: {/etc/app.conf: {...}}`) and the deprecated list form (`files: [{target: ..., ...}]`),
 * so that a command never converts the user's file from one to the other.
 */

type Field = 'files' | 'volumes';
const noun = (field: Field): string => (field === 'files' ? 'file' : 'volume');

/** Adds a file or volume in the form the container already uses (the map form when it has none). */
function addMount(ctx: EditContext, name: string, field: Field, target: string, details: Record<string, unknown>) {
  if (!hasContainer(ctx, name)) return `There is no container named "${name}".`;
  if (mountSegments(ctx, name, field, target))
    return `Container "${name}" already has a ${noun(field)} at "${target}".`;
  const base = [...container(name), field];
  if (mountForm(ctx, name, field) === 'list') {
    const index = String(countItems(ctx, name, field));
    return planOf(setAt(ctx, [...base, '-'], { target, ...details }), [...base, index]);
  }
  return planOf(setAt(ctx, [...base, target], details), [...base, target]);
}

function countItems(ctx: EditContext, name: string, field: Field): number {
  const node = readAt(ctx, [...container(name), field]);
  return isSeq(node) ? node.items.length : 0;
}

function removeMount(ctx: EditContext, name: string, field: Field, target: string) {
  const at = mountSegments(ctx, name, field, target);
  if (!at) return `Container "${name}" has no ${noun(field)} at "${target}".`;
  return planOf(removeAt(ctx, at, keepWhenEmpty), container(name));
}

/** Changes a file's or volume's target path: its key in the map form, its `target` in the list form. */
function retarget(ctx: EditContext, name: string, field: Field, from: string, to: string) {
  const at = mountSegments(ctx, name, field, from);
  if (!at) return `Container "${name}" has no ${noun(field)} at "${from}".`;
  if (from === to) return { edits: [] };
  if (mountSegments(ctx, name, field, to)) return `Container "${name}" already has a ${noun(field)} at "${to}".`;
  if (mountForm(ctx, name, field) === 'list') return planOf(setAt(ctx, [...at, 'target'], to), at);
  return planOf(renameKeyAt(ctx, at, to), [...container(name), field, to]);
}

export interface AddFileArgs {
  container: string;
  /** Path of the file inside the container. */
  target: string;
  /** Exactly one of content, source and binaryContent. */
  content?: string;
  source?: string;
  binaryContent?: string;
  /** Octal access mode, e.g. "0644". */
  mode?: string;
  noExpand?: boolean;
}

/** Adds a file to a container: inline content, a source path or base64 binary content. */
export const addFile: Command<AddFileArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, {
        container: 'string',
        target: 'string',
        content: 'string?',
        source: 'string?',
        binaryContent: 'string?',
        mode: 'string?',
        noExpand: 'boolean?',
      }) ?? firstProblem(nameProblem('file target path', args.target));
    if (bad) return bad;
    const sources = [args.content, args.source, args.binaryContent].filter((s) => s !== undefined).length;
    if (sources !== 1) return 'A file needs exactly one of content, source or binaryContent.';
    if (args.mode !== undefined && !/^0?[0-7]{3}$/.test(args.mode))
      return `A file mode is three octal digits, like "0644"; "${args.mode}" is not.`;
    const details: Record<string, unknown> = {};
    for (const key of ['mode', 'source', 'content', 'binaryContent', 'noExpand'] as const) {
      if (args[key] !== undefined) details[key] = args[key];
    }
    return addMount(ctx, args.container, 'files', args.target, details);
  });

export interface MountArgs {
  container: string;
  target: string;
}

/** Removes a container's file (by target path); an emptied `files` goes too. */
export const removeFile: Command<MountArgs> = (text, args) =>
  runPlan(
    text,
    (ctx) =>
      checkArgs(args, { container: 'string', target: 'string' }) ??
      removeMount(ctx, args.container, 'files', args.target),
  );

export interface RetargetArgs {
  container: string;
  from: string;
  to: string;
}

/** Moves a container's file to another target path. */
export const renameFile: Command<RetargetArgs> = (text, args) =>
  runPlan(
    text,
    (ctx) =>
      checkArgs(args, { container: 'string', from: 'string', to: 'string' }) ??
      firstProblem(nameProblem('file target path', args.to)) ??
      retarget(ctx, args.container, 'files', args.from, args.to),
  );

export interface AddVolumeArgs {
  container: string;
  /** Mount path inside the container. */
  target: string;
  /** The volume: usually `${resources.NAME}`. */
  source: string;
  path?: string;
  readOnly?: boolean;
}

/** Mounts a volume into a container. */
export const addVolume: Command<AddVolumeArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad =
      checkArgs(args, {
        container: 'string',
        target: 'string',
        source: 'string',
        path: 'string?',
        readOnly: 'boolean?',
      }) ?? firstProblem(nameProblem('volume target path', args.target));
    if (bad) return bad;
    const details: Record<string, unknown> = { source: args.source };
    if (args.path !== undefined) details.path = args.path;
    if (args.readOnly !== undefined) details.readOnly = args.readOnly;
    return addMount(ctx, args.container, 'volumes', args.target, details);
  });

/** Removes a container's volume (by target path); an emptied `volumes` goes too. */
export const removeVolume: Command<MountArgs> = (text, args) =>
  runPlan(
    text,
    (ctx) =>
      checkArgs(args, { container: 'string', target: 'string' }) ??
      removeMount(ctx, args.container, 'volumes', args.target),
  );

/** Moves a container's volume to another mount path. */
export const renameVolume: Command<RetargetArgs> = (text, args) =>
  runPlan(
    text,
    (ctx) =>
      checkArgs(args, { container: 'string', from: 'string', to: 'string' }) ??
      firstProblem(nameProblem('volume target path', args.to)) ??
      retarget(ctx, args.container, 'volumes', args.from, args.to),
  );
