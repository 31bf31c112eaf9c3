import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph of a source tree, read as text: static imports, `import type`, re-exports and
 * dynamic `import()`, each resolved to the file it names (relative specifiers only; packages are not
 * part of the graph). Production files only: tests, browser tests and declaration files are left out.
 */
export interface ImportGraph {
  /** Absolute paths of the production files. */
  files: string[];
  /** For each file, the files it imports (within the tree). */
  imports: Map<string, string[]>;
}

const IMPORT =
  /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function isProductionFile(file: string): boolean {
  return /\.tsx?$/.test(file) && !/\.(test|spec|browser\.test)\.tsx?$/.test(file) && !/\.d\.ts$/.test(file);
}

export function readImportGraph(root: string): ImportGraph {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const at = path.join(dir, name);
      if (statSync(at).isDirectory()) walk(at);
      else if (isProductionFile(at)) files.push(at);
    }
  };
  walk(root);
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith('.')) return undefined;
    const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
    return candidates.find((c) => known.has(c) && existsSync(c));
  };
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const out = new Set<string>();
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(file, m[1] ?? m[2] ?? m[3]!);
      if (target && target !== file) out.add(target);
    }
    imports.set(file, [...out]);
  }
  return { files, imports };
}

/** The strongly connected components with more than one member: each is an import cycle. */
export function cycles(nodes: readonly string[], next: (node: string) => readonly string[]): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}
