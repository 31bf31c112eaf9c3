import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunch } from './scripts/chromium-launch';

/**
 * Unit tests that need a real browser (`*.browser.test.ts`: the workload library on Chromium's own
 * IndexedDB), run by Vitest's browser mode. The browser is Debian's Chromium: Playwright cannot
 * download its own here. Everything stays on 127.0.0.1: no UI, and the browser resolves no other host.
 */
export default defineConfig({
  server: { host: '127.0.0.1' },
  test: {
    include: ['src/**/*.browser.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000, // as long as a test may take: a loaded machine (#39 item 10)
    browser: {
      enabled: true,
      headless: true,
      ui: false,
      // A screenshot of a blank page says nothing about storage, and would land beside the tests.
      screenshotFailures: false,
      api: { host: '127.0.0.1' },
      provider: playwright({
        launchOptions: {
          ...chromiumLaunch,
          // And no host but this one.
          args: [...chromiumLaunch.args, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
