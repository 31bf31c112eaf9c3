import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './scripts/chromium-launch';

/**
 * End-to-end tests against the BUILT app (`npm run build` first; `npm test` does it), served by
 * `vite preview` on 127.0.0.1. The browser is Debian's Chromium: Playwright cannot download its own here.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command: `test -f dist/index.html || { echo 'dist/ is missing: run "npm run build" before "playwright test"' >&2; exit 1; }; node node_modules/vite/bin/vite.js preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
