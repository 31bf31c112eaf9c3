import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * The fixture every spec uses. The app must work offline: any request to a host other than
 * 127.0.0.1/localhost is aborted, recorded and fails the test. An uncaught page error or a console
 * error fails the test too, unless the spec declares it expected (`test.use({ expectedConsoleErrors })`).
 */
const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

function leavesTheMachine(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return false;
  return !localHosts.has(hostname);
}

export interface AppFixtures {
  /** Console errors a spec provokes on purpose. */
  expectedConsoleErrors: RegExp[];
  /** The guard is automatic; specs never name it. */
  offlineGuard: void;
}

export const test = base.extend<AppFixtures>({
  expectedConsoleErrors: [[], { option: true }],
  offlineGuard: [
    async ({ context, page, expectedConsoleErrors }, use) => {
      const leaks = new Set<string>();
      const problems: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (!leavesTheMachine(url)) return route.continue();
        leaks.add(`${route.request().method()} ${url}`);
        return route.abort('blockedbyclient');
      });
      // Requests that bypass routing (service workers, some workers) still show up as events.
      context.on('request', (request) => {
        if (leavesTheMachine(request.url())) leaks.add(`${request.method()} ${request.url()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(`console error: ${text}`);
      });

      await use();

      expect([...leaks], 'requests that tried to leave 127.0.0.1 (the app must work offline)').toEqual([]);
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The places of the app a user looks at, found the way a user finds them: by role and name. */
export function app(page: Page) {
  return {
    editor: page.getByRole('textbox', { name: 'Workload YAML' }),
    status: page.getByRole('status'),
    problems: page.getByRole('region', { name: /Problems/ }).getByRole('listitem'),
    workloadName: page.getByRole('banner').locator('.workload'),
    templatePicker: page.getByRole('combobox', { name: 'Template' }),
    useTemplate: page.getByRole('button', { name: 'Use template' }),
    openFile: page.getByRole('button', { name: 'Open file…' }),
    fileInput: page.locator('input[type="file"]'),
    alert: page.getByRole('alert'),
  };
}

/** Opens the app and waits until it has checked its first workload. */
export async function openApp(page: Page) {
  await page.goto('/');
  await expect(app(page).status).toHaveText(/Valid|error|warning/);
}

/** The "line:column" a problem shows, as numbers. */
export async function problemPosition(problem: Locator): Promise<{ line: number; column: number }> {
  const text = (await problem.locator('.position').textContent()) ?? '';
  const match = /(\d+):(\d+)/.exec(text);
  if (!match) throw new Error(`problem shows no line:column: "${text}"`);
  return { line: Number(match[1]), column: Number(match[2]) };
}

/** The 0-based character offset of a 1-based line and column in `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split('\n');
  return lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
}
