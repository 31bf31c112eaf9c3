import { isAlias, isMap, isNode, isPair, isSeq, type Alias, type Document } from 'yaml';
import type { DiagnosticCode } from '../diagnostics';

/**
 * Anchors and aliases as the Score toolchain's YAML reader (Go's yaml.v3) takes them: which alias
 * names which anchor, which aliases it refuses, and when their expansion is an "alias bomb". Every
 * walk here is one pass in the text's order, without recursion (deep input may be hostile), so that
 * a document of thousands of aliases is read in linear time.
 */

/** The nodes of a tree in the text's order (a key before its value), each once: aliases are not followed. */
function* inTextOrder(root: unknown): Generator<unknown> {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    yield node;
    if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!.value, node.items[i]!.key);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
}

/**
 * The first alias that cannot be followed, as yaml.v3 refuses it: one naming an anchor not set before
 * it, or one inside the value of the anchor it names (that value would contain itself, without end).
 * An alias names the last anchor of its name set before it, so the tree is walked in the text's order,
 * keeping the anchors set so far and the anchored nodes still open. A walk that finds no problem has
 * met every alias with its node: it keeps them for the other questions (aliasTargets), which then
 * need no walk of their own.
 */
export function aliasProblem(
  root: unknown,
): { code: DiagnosticCode; message: string; at: [number, number] } | undefined {
  const anchors = new Map<string, unknown>();
  const open = new Set<unknown>();
  const targets = new Map<Alias, unknown>();
  // A node to enter, or (as `{ leave }`) an anchored node whose value ends here.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node && typeof node === 'object' && 'leave' in node) {
      open.delete((node as { leave: unknown }).leave);
      continue;
    }
    if (isAlias(node)) {
      const name = node.source;
      const at: [number, number] = node.range ? [node.range[0], node.range[1]] : [0, 0];
      const target = anchors.get(name);
      if (target === undefined) {
        return {
          code: 'UNKNOWN_ANCHOR',
          message: `The alias *${name} names an anchor that is not defined: no &${name} comes before it. Define the anchor (&${name}) on an earlier value, or write the value here.`,
          at,
        };
      }
      if (open.has(target)) {
        return {
          code: 'ALIAS_CYCLE',
          message: `The alias *${name} is inside the value of its own anchor &${name}, so that value would contain itself without end. Replace *${name} with a plain value, or move the anchor.`,
          at,
        };
      }
      targets.set(node, target);
      continue;
    }
    if (!isNode(node)) continue;
    if (node.anchor) {
      anchors.set(node.anchor, node);
      open.add(node);
      stack.push({ leave: node });
    }
    if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!.value, node.items[i]!.key);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
  if (isObject(root)) targetsOf.set(root, targets);
  return undefined;
}

/** Each tree's aliases (in the text's order) with their nodes, once a walk has met them all. */
const targetsOf = new WeakMap<object, Map<Alias, unknown>>();

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * Each alias's node, the last anchor of its name before it, in the text's order: what a walk of
 * aliasProblem kept, else one walk here (kept too).
 */
function aliasTargets(root: unknown): Map<Alias, unknown> {
  const kept = isObject(root) ? targetsOf.get(root) : undefined;
  if (kept) return kept;
  const anchors = new Map<string, unknown>();
  const targets = new Map<Alias, unknown>();
  for (const node of inTextOrder(root)) {
    if (isAlias(node)) targets.set(node, anchors.get(node.source));
    else if (isNode(node) && node.anchor) anchors.set(node.anchor, node);
  }
  if (isObject(root)) targetsOf.set(root, targets);
  return targets;
}

/**
 * The node an alias of a read document names. yaml's own `alias.resolve(doc)` walks the whole
 * document for each alias (thousands of aliases: minutes); this walks it once per document, or not
 * at all when reading it did (aliasProblem). A document changed since (an alias not met on that
 * walk) is asked of yaml.
 */
export function resolveAlias(doc: Document, alias: Alias): unknown {
  const targets = aliasTargets(doc.contents);
  return targets.has(alias) ? targets.get(alias) : alias.resolve(doc);
}

/** yaml.v3's share of a document's decoded nodes that may come from aliases, by how many were decoded. */
function allowedAliasRatio(decoded: number): number {
  const low = 400_000;
  const high = 4_000_000;
  if (decoded <= low) return 0.99;
  if (decoded >= high) return 0.1;
  return 0.99 - 0.89 * ((decoded - low) / (high - low));
}

/**
 * Whether yaml.v3 would refuse the document as "excessive aliasing": it decodes the tree in the
 * text's order, following each alias into its anchor's value, and fails as soon as more than 100
 * nodes came from aliases, more than 1,000 were decoded, and the share from aliases is over what it
 * allows (99 % up to 400,000 nodes, then less, down to 10 % at 4,000,000). The same count is kept
 * here, and stops at the same node: a bomb is refused after about a thousand steps, a document that
 * uses many aliases plainly (thousands of `*defaults`) is read once over.
 */
export function excessiveAliasing(root: unknown): boolean {
  const targets = aliasTargets(root);
  if (targets.size === 0) return false;
  let decoded = 1; // the document node
  let fromAliases = 0;
  // Nodes to decode, each with how many aliases it is reached through.
  const nodes: unknown[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (node === null || node === undefined) continue;
    if (isPair(node)) {
      nodes.push(node.value, node.key);
      depths.push(depth, depth);
      continue;
    }
    decoded++;
    if (depth > 0) fromAliases++;
    if (fromAliases > 100 && decoded > 1000 && fromAliases / decoded > allowedAliasRatio(decoded)) return true;
    if (isAlias(node)) {
      nodes.push(targets.get(node));
      depths.push(depth + 1);
    } else if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        nodes.push(node.items[i]);
        depths.push(depth);
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        nodes.push(node.items[i]);
        depths.push(depth);
      }
    }
  }
  return false;
}

/**
 * Where to show an alias bomb: the first alias to a collection that holds aliases itself (each such
 * level multiplies what the ones above expand to), else the first alias; the start when there is
 * none. Whether an anchored value holds aliases is found once per anchor.
 */
export function aliasBombAt(root: unknown): [number, number] {
  const targets = aliasTargets(root);
  const holds = new Map<unknown, boolean>();
  const holdsAliases = (target: unknown): boolean => {
    let known = holds.get(target);
    if (known === undefined) {
      known = false;
      if (isMap(target) || isSeq(target)) {
        for (const node of inTextOrder(target)) {
          if (isAlias(node)) {
            known = true;
            break;
          }
        }
      }
      holds.set(target, known);
    }
    return known;
  };
  let first: [number, number] | undefined;
  // The aliases are kept in the text's order: no walk of the tree is needed to meet them in it.
  for (const [alias, target] of targets) {
    if (!alias.range) continue;
    const at: [number, number] = [alias.range[0], alias.range[1]];
    first ??= at;
    if (holdsAliases(target)) return at;
  }
  return first ?? [0, 0];
}
