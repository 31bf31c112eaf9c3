import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The entry: index.html and src/main.tsx. */
const ENTRY = /[\\/](index\.html|src[\\/]main\.tsx)$/;

/**
 * Chunks compiled whole while they download (Chrome's explicit compile hints; other browsers ignore
 * the comment). V8 otherwise compiles a function the first time it is called: the first check after
 * opening a workload calls hundreds for the first time (the re-check, the problems, the graph), and
 * compiling them took 8–9 ms of its 40 on a template.
 */
const COMPILED_WHOLE = /^(initial|GraphPane|validation\.worker)$/;
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the hint on the first line of those chunks, where V8 looks for it: after everything else
 * has written the chunk (Vite puts its preload list first), moving the source map down a line.
 */
function compileHints(): Plugin {
  return {
    name: 'score-designer:compile-hints',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !COMPILED_WHOLE.test(chunk.name)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = ';' + chunk.map.mappings;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            json.mappings = ';' + json.mappings;
            map.source = JSON.stringify(json);
          }
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), compileHints()],
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // src/core runs nothing when imported (pure functions; see its rules), so a module whose exports
      // are not used is left out, and so are its imports. This keeps what a barrel (core/catalog/index.ts)
      // re-exports for later (the file reader, the Compose converter) out of the first download.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]core[\\/]/.test(id) },
      output: {
        codeSplitting: {
          // What the first view needs, as one chunk rather than a dozen small shared ones (which
          // compress worse). The entry stays apart: it awaits lazily loaded chunks at startup (the
          // provisioner file reader), which import this one; were the entry in it, they would wait
          // for each other forever.
          groups: [{ name: 'initial', tags: ['$initial'], test: (id: string) => !ENTRY.test(id) }],
        },
      },
    },
  },
  worker: { format: 'es', plugins: () => [compileHints()] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
