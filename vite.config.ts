import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The entry: index.html and src/main.tsx. */
const ENTRY = /[\\/](index\.html|src[\\/]main\.tsx)$/;

export default defineConfig({
  plugins: [react()],
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
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
