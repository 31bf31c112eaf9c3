import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, readImportGraph } from './support/import-graph';

/**
 * The house rules of the whole source tree (docs/architecture.md), read from its imports: no import
 * cycle between files or between folders anywhere in `src` (core-floors.test.ts holds the order inside
 * src/core), files kept to a size a reader takes in, and test helpers out of the production folders.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const graph = readImportGraph(path.join(root, 'src'));
const shown = (file: string) => path.relative(root, file).split(path.sep).join('/');
const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length;

describe('the source tree', () => {
  it('has no import cycle between files', () => {
    const found = cycles(graph.files, (file) => graph.imports.get(file) ?? []);
    expect(found.map((cycle) => cycle.map(shown).join(' ↔ '))).toEqual([]);
  });

  it('has no two folders that import each other, at any depth', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of graph.files) {
      const from = path.dirname(file);
      for (const target of graph.imports.get(file) ?? []) {
        const to = path.dirname(target);
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const found = cycles([...edges.keys()], (folder) => [...(edges.get(folder) ?? [])]);
    expect(found.map((cycle) => cycle.map(shown).join(' ↔ '))).toEqual([]);
  });

  it('keeps files short: at most 3 over 500 lines and none of them a React view; views and stores shorter', () => {
    const sized = graph.files.map((file) => ({ file: shown(file), lines: lineCount(file) }));
    const long = sized.filter(({ lines }) => lines > 500);
    expect(long.filter(({ file }) => file.endsWith('.tsx'))).toEqual([]);
    expect(long.length, JSON.stringify(long)).toBeLessThanOrEqual(3);
    const bulkyViews = sized.filter(
      ({ file, lines }) => file.startsWith('src/ui/') && file.endsWith('.tsx') && lines >= 400,
    );
    expect(bulkyViews).toEqual([]);
    const bulkyState = sized.filter(({ file, lines }) => file.startsWith('src/state/') && lines >= 300);
    expect(bulkyState).toEqual([]);
  });

  it('holds no test helper in a production folder (they live in test/support)', () => {
    const helpers = graph.files.filter((file) => /(test-support|for-test|fixtures?|\.model)\.tsx?$/.test(file));
    expect(helpers.map(shown)).toEqual([]);
  });

  it('would notice a cycle', () => {
    const imports = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(cycles([...imports.keys()], (f) => imports.get(f) ?? [])).toHaveLength(1);
  });
});
