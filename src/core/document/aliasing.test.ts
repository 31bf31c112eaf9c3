import { describe, expect, it } from 'vitest';
import { parseDocument, visit, type Alias, type Document, type Node, type YAMLMap } from 'yaml';
import { aliasBombAt, aliasProblem, excessiveAliasing, resolveAlias } from './aliasing';

/**
 * Reading a document with aliases walks its tree once: aliasProblem's walk keeps every alias with
 * its node, and the questions after it (alias bombs, where to show one, what an alias names) read
 * that instead of walking the tree again. The answers are those of a walk of their own.
 */
const text = `defaults: &d {image: nginx, env: &e {A: "1"}}
containers:
  web: *d
  worker: {image: busybox, env: *e}
  more: &m [*d, *e]
  last: *m
`;

/** The document, with a count of reads of its top mapping's items: each walk of the tree starts there. */
function counted() {
  const doc = parseDocument(text);
  const aliases = aliasesOf(doc); // before the count starts
  const root = doc.contents as YAMLMap;
  const items = root.items;
  let reads = 0;
  Object.defineProperty(root, 'items', {
    get: () => {
      reads++;
      return items;
    },
  });
  return { doc, root, aliases, reads: () => reads };
}

function aliasesOf(doc: Document): Alias[] {
  const found: Alias[] = [];
  visit(doc, { Alias: (_, node) => void found.push(node) });
  return found;
}

describe('one walk for the aliases of a document', () => {
  it('after aliasProblem, where to show a bomb and what each alias names take no walk of the tree', () => {
    const { doc, root, aliases, reads } = counted();
    expect(aliasProblem(root)).toBeUndefined();
    const walked = reads();
    expect(walked).toBeGreaterThan(0);
    const at = aliasBombAt(root);
    const resolved = aliases.map((a) => resolveAlias(doc, a));
    expect(reads()).toBe(walked);
    expect(resolved).toHaveLength(5);
    // The answers of walks of their own, on a fresh reading of the same text.
    const fresh = parseDocument(text);
    expect(at).toEqual(aliasBombAt(fresh.contents));
    // Each alias names the node at the same place as yaml's own resolve finds.
    expect(resolved.map((n) => (n as Node).range)).toEqual(aliasesOf(fresh).map((a) => a.resolve(fresh)?.range));
    expect(excessiveAliasing(root)).toBe(excessiveAliasing(fresh.contents));
  });

  it('a document whose aliases aliasProblem refuses keeps nothing: the others walk it themselves, as before', () => {
    const doc = parseDocument('a: &a {self: *a}\nb: *a\n');
    expect(aliasProblem(doc.contents)).toMatchObject({ code: 'ALIAS_CYCLE' });
    const [, second] = aliasesOf(doc);
    expect(resolveAlias(doc, second!)).toBe((doc.contents as YAMLMap).items[0]!.value);
  });
});
