import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * core/go is the floor of the core: Go's behaviour, importing nothing else from src/core, so that the
 * template engine and every exporter can stand on it without a cycle (docs/go-floor.md).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('core/go is a floor', () => {
  const files = productionFiles(here);

  it('has modules to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('imports nothing from src/core outside core/go, and of packages only yaml', () => {
    const outside: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? '';
        const where = `${path.relative(here, file)} imports ${spec}`;
        if (!spec.startsWith('.')) {
          if (spec !== 'yaml') outside.push(where);
          continue;
        }
        const target = path.resolve(path.dirname(file), spec);
        if (path.relative(here, target).startsWith('..')) outside.push(where);
      }
    }
    expect(outside).toEqual([]);
  });
});
