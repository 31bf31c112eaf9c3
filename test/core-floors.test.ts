import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, readImportGraph } from './support/import-graph';

/**
 * The floors of src/core (docs/architecture.md): each folder imports only the floors below its own,
 * never one on its floor or above, so that no two folders import each other at any depth. A folder
 * that is not listed here fails the test until it is given a floor (here and in the document).
 */
const FLOORS: ReadonlyArray<readonly string[]> = [
  ['diagnostics.ts', 'templates'],
  ['document'],
  ['workload'],
  ['commands'],
  ['go'],
  ['template'],
  ['provisioners'],
  ['catalog'],
  ['validate'],
  ['export'],
  ['quick-fixes'],
  ['import'],
  ['graph', 'inspector'],
  ['policy'],
  ['orchestrator'],
];

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/core');
const graph = readImportGraph(core);
/** The folder of src/core a file belongs to (its first segment), or the file itself at the top. */
const folderOf = (file: string) => path.relative(core, file).split(path.sep)[0]!;
const floorOf = (folder: string) => FLOORS.findIndex((floor) => floor.includes(folder));
const shown = (file: string) => path.relative(core, file);

describe('the floors of src/core', () => {
  it('gives every folder a floor', () => {
    const unplaced = [...new Set(graph.files.map(folderOf))].filter((folder) => floorOf(folder) < 0);
    expect(unplaced, 'folders without a floor: add them to FLOORS and to docs/architecture.md').toEqual([]);
  });

  it('imports only from the floors below', () => {
    const wrong: string[] = [];
    for (const file of graph.files) {
      const from = folderOf(file);
      for (const target of graph.imports.get(file) ?? []) {
        const to = folderOf(target);
        if (to !== from && !(floorOf(to) < floorOf(from))) wrong.push(`${shown(file)} → ${shown(target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycle between its files', () => {
    const found = cycles(graph.files, (file) => graph.imports.get(file) ?? []);
    expect(found.map((cycle) => cycle.map(shown).join(' → '))).toEqual([]);
  });

  it('would notice an import from a floor above, and a cycle', () => {
    // The checks above on a made-up graph: document importing commands, and two files importing each other.
    const imports = new Map([
      ['document/edits.ts', ['commands/command.ts']],
      ['commands/command.ts', ['document/edits.ts']],
    ]);
    const upward = [...imports].flatMap(([file, targets]) =>
      targets.filter((t) => !(floorOf(t.split('/')[0]!) < floorOf(file.split('/')[0]!))),
    );
    expect(upward).toEqual(['commands/command.ts']);
    expect(cycles([...imports.keys()], (f) => imports.get(f) ?? [])).toHaveLength(1);
  });
});
