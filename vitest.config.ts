import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Tests that need a real browser run in Chromium: vitest.browser.config.ts (`npm run test:browser`).
    exclude: [...configDefaults.exclude, '**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // A hook that starts a server (the Prism mock, PostgreSQL) waits for it as long as a test may: beside
    // `stress --cpu 2` the Prism mock took more than Vitest's default 10 s to listen (#39 item 10).
    hookTimeout: 60_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
