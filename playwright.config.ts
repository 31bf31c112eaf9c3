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
  // What the user waits for (Monaco, a dialog, axe, a check) takes several times as long on a loaded
  // 2-core machine as on a quiet one: the waits are long enough for that (#39 item 10). A passing test
  // takes no longer for it; only a failing one fails later.
  timeout: 90_000,
  expect: { timeout: 20_000 },
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
