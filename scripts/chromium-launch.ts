/**
 * How every test run starts a browser: Debian's Chromium (Playwright cannot download its own here;
 * CHROMIUM_PATH overrides), with no sandbox as root in a container, no GPU, and no background
 * traffic, which this closed network refuses. Shared by playwright.config.ts and vitest.browser.config.ts.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
