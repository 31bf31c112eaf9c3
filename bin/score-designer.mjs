#!/usr/bin/env node
// Runs the CLI straight from the TypeScript sources: tsx compiles them on the fly, no build step.
// Paths are resolved from this file, so the command works from any working directory.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
try {
  const { run } = await import('../src/cli/main.ts');
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  // A bug of ours must not pass for "the file has errors" (1): 2 says nothing trustworthy was checked.
  console.error('score-designer: internal error, please report it:', error);
  process.exitCode = 2;
}
