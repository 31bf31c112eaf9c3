import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit downloads before the app can run: the entry script of index.html,
 * its modulepreloads, and every chunk they import statically (followed through the built files).
 * Lazy chunks (dynamic import) and workers are not in it. Sizes are gzip (level 9, as servers send).
 */
export interface BundleReport {
  initialChunks: Array<{ file: string; bytes: number; gzipBytes: number }>;
  initialGzipBytes: number;
  /** Where Monaco and monaco-yaml ended up: they must be found, and only outside the initial chunks. */
  monacoInInitial: boolean;
  monacoYamlInInitial: boolean;
  monacoFoundIn: string[];
  monacoYamlFoundIn: string[];
}

/** Strings that survive minification: a Monaco command id, and monaco-yaml's worker module id. */
const MONACO_MARK = 'editor.action.marker.next';
const MONACO_YAML_MARK = 'monaco-yaml/yaml.worker';

export async function measureBundle(distDir: string): Promise<BundleReport> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const initial = new Set<string>();
  const queue = [...roots.map((r) => r.replace(/^\//, ''))];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (initial.has(file)) continue;
    initial.add(file);
    const code = await readFile(path.join(distDir, file), 'utf8');
    // Static imports only: `import{…}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
    }
  }
  const initialChunks = [];
  for (const file of initial) {
    const code = await readFile(path.join(distDir, file));
    initialChunks.push({ file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
  }
  const assets = (await readdir(path.join(distDir, 'assets')))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const foundIn = async (mark: string) => {
    const hits: string[] = [];
    for (const file of assets) if ((await readFile(path.join(distDir, file), 'utf8')).includes(mark)) hits.push(file);
    return hits;
  };
  const monacoFoundIn = await foundIn(MONACO_MARK);
  const monacoYamlFoundIn = await foundIn(MONACO_YAML_MARK);
  return {
    initialChunks,
    initialGzipBytes: initialChunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    monacoInInitial: monacoFoundIn.some((f) => initial.has(f)),
    monacoYamlInInitial: monacoYamlFoundIn.some((f) => initial.has(f)),
    monacoFoundIn,
    monacoYamlFoundIn,
  };
}
