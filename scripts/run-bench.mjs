#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only NAME,...] [-- --profile]`: runs bench/validate.bench.ts from
// the TypeScript sources through tsx, with the GC exposed so every input starts from a clean heap.
// --profile writes a V8 CPU profile to bench/.tmp/profiles (open it in Chrome DevTools → Performance).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const profile = args.includes('--profile');
const nodeArgs = ['--import', 'tsx', '--expose-gc'];
if (profile) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', path.join(repoRoot, 'bench/.tmp/profiles'));

const result = spawnSync(
  process.execPath,
  [...nodeArgs, path.join(repoRoot, 'bench/validate.bench.ts'), ...args.filter((a) => a !== '--profile')],
  { cwd: repoRoot, stdio: 'inherit' },
);
if (result.error) {
  console.error(`Could not start the bench: ${result.error.message}`);
  process.exit(2);
}
process.exit(result.status ?? 1);
