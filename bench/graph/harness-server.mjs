// Builds the graph harness page (bench/graph/harness.html) for production and serves it on
// 127.0.0.1, for the graph bench (and for looking at the canvas alone). Prints the page's URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(repoRoot, 'bench/.tmp/graph-dist');

export async function startHarness({ port = 4175, quiet = true, minify = true } = {}) {
  await build({
    root: repoRoot,
    configFile: path.join(repoRoot, 'vite.config.ts'),
    base: './',
    logLevel: quiet ? 'warn' : 'info',
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify,
      rollupOptions: { input: path.join(repoRoot, 'bench/graph/harness.html') },
    },
  });
  const server = await preview({
    root: repoRoot,
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  return { url: `http://127.0.0.1:${port}/bench/graph/harness.html`, close: () => server.close() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startHarness({ quiet: false });
  console.log(`graph harness: ${url} (add ?size=100 for 100 containers and 100 resources); Ctrl+C to stop`);
}
