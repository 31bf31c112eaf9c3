import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import { parseWorkloadText } from '../document/parse';
import { asRecord, valueAt } from '../workload/values';
import { toPointer } from '../document/pointer';
import { checkArgs } from './args';
import { applyEdits, type Edit } from '../document/edits';
import type { Command } from './command';
import { runPlan } from './run';
import { sameJson } from './same-json';
import { setAt } from './splice';
import { lookOf, keyText } from './style';
import { columnOf, lineStartAt, nextLineStart, onlySpaceBetween } from '../document/lines';
import { holdsSharedAnchor, locatePath, mergedValueAt, slotsOf, type EditContext } from './tree';
import { container, hasContainer } from './workload';

export interface UseMapFormArgs {
  container: string;
  field: 'files' | 'volumes';
}

/**
 * Rewrites a container's files or volumes from the deprecated list form (`- target: /data` …) into
 * the map form keyed by target path, as score-go's upgrade does when it reads the file. Each item
 * keeps its own lines (comments, quoting, block text) where the list is a block list of block
 * mappings: only its `- ` and its `target` line change. Any other writing is rewritten in the
 * document's style. Already in the map form, nothing changes.
 */
export const useMapForm: Command<UseMapFormArgs> = (text, args) =>
  runPlan(text, (ctx) => {
    const bad = checkArgs(args, { container: 'string', field: 'string' });
    if (bad) return bad;
    const { field } = args;
    if (field !== 'files' && field !== 'volumes') return `"field" must be files or volumes, not "${String(field)}".`;
    if (!hasContainer(ctx, args.container)) return `There is no container named "${args.container}".`;
    const at = [...container(args.container), field];
    const list = mergedValueAt(ctx, at);
    if (list === undefined) return `Container "${args.container}" has no ${field}.`;
    if (!Array.isArray(list)) return { edits: [], selection: toPointer(at) };
    const map = mapForm(list, args.container, field);
    if (typeof map === 'string') return map;
    const edits = inPlace(ctx, at, map) ?? setAt(ctx, at, map);
    return typeof edits === 'string' ? edits : { edits, selection: toPointer(at) };
  });

/** The map form of a list of files or volumes, or why it cannot be made. */
function mapForm(list: readonly unknown[], name: string, field: string): Record<string, unknown> | string {
  const what = field === 'files' ? 'file' : 'volume';
  const out: Record<string, unknown> = {};
  for (let i = 0; i < list.length; i++) {
    const item = asRecord(list[i]);
    const target = item?.target;
    if (!item || typeof target !== 'string' || target === '') {
      return `The ${what} #${i + 1} of container "${name}" has no target path, so it has no key in the map form. Give it a target first.`;
    }
    if (Object.prototype.hasOwnProperty.call(out, target)) {
      return `Two ${field} of container "${name}" have the target "${target}"; the map form can hold only one. Change one of them first.`;
    }
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (key !== 'target')
        Object.defineProperty(rest, key, { value, enumerable: true, writable: true, configurable: true });
    }
    Object.defineProperty(out, target, { value: rest, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The edits that turn a block list of block mappings into the map form in place: each `- ` becomes
 * `TARGET:` and the item's `target` line goes; every other line of the item stays byte for byte.
 * Undefined when the list is written otherwise (flow, unindented under its key, aliases, a target
 * sharing its line), or when the result would not read as the map form: then the list is rewritten.
 */
function inPlace(ctx: EditContext, at: readonly string[], map: Record<string, unknown>): Edit[] | undefined {
  const located = locatePath(ctx, at);
  if (typeof located === 'string' || located.missing.length > 0) return undefined;
  const holder = located.steps[located.steps.length - 1]!.slot;
  const seq = holder.value;
  if (!isSeq(seq) || seq.flow || holdsSharedAnchor(ctx, seq) || !holder.key?.range) return undefined;
  const items = slotsOf(seq);
  if (typeof items === 'string') return undefined;
  const keyColumn = columnOf(ctx.text, holder.key.range[0]);
  const look = lookOf(ctx.style, null);
  const edits: Edit[] = [];
  for (const item of items) {
    const entry = item.value;
    if (!isMap(entry) || entry.flow || item.indicator < 0 || columnOf(ctx.text, item.indicator) <= keyColumn) {
      return undefined;
    }
    const made = itemEdits(ctx, entry, item.indicator, look);
    if (!made) return undefined;
    edits.push(...made);
  }
  try {
    const next = parseWorkloadText(applyEdits(ctx.text, edits));
    return !next.blocked && sameJson(valueAt(next.value, toPointer(at)), map) ? edits : undefined;
  } catch {
    return undefined;
  }
}

function itemEdits(
  ctx: EditContext,
  entry: YAMLMap,
  dash: number,
  look: ReturnType<typeof lookOf>,
): Edit[] | undefined {
  const { text, style } = ctx;
  const pairs = slotsOf(entry);
  if (typeof pairs === 'string' || pairs.length === 0) return undefined;
  const target = pairs.find((p) => p.name === 'target');
  const value = target?.value;
  if (!target || !isScalar(value) || typeof value.value !== 'string' || !value.range) return undefined;
  if (pairs.some((p) => p.name === '<<')) return undefined;
  const key = keyText(style, look, value.value, false);
  const first = pairs[0]!;
  if (pairs.length === 1) return [{ start: dash, end: value.range[1], insert: `${key}: {}` }];
  if (target === first) return [{ start: dash, end: value.range[1], insert: `${key}:` }];
  // The target stands on a line of its own (with at most a comment after it), which goes.
  const lineStart = lineStartAt(text, target.start);
  const lineEnd = nextLineStart(text, value.range[1]);
  if (!onlySpaceBetween(text, lineStart, target.start)) return undefined;
  if (!/^[ \t]*(#[^\n]*)?\r?\n?$/.test(text.slice(value.range[1], lineEnd))) return undefined;
  return [
    { start: dash, end: first.start, insert: `${key}:${style.eol}${' '.repeat(columnOf(text, first.start))}` },
    { start: lineStart, end: lineEnd, insert: '' },
  ];
}
