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
  const problemsRegion = page.getByRole('region', { name: /^Problems/ });
  return {
    /** The YAML editor: Monaco once loaded (an EditContext element named "Workload YAML"), a text area before. */
    editor: page.getByRole('textbox', { name: 'Workload YAML' }),
    monaco: page.locator('[data-testid="monaco-editor"] .monaco-editor'),
    status: page.getByRole('status', { name: 'Validation status' }),
    problemsRegion,
    /** The problems drawn: a long list draws those in view and a margin around them (see `problemCount`). */
    problems: problemsRegion.getByRole('listitem'),
    /** How many problems there are, as the Problems panel's header says. */
    problemCount: problemsRegion.locator('.pane-title .count'),
    workloadName: page.getByRole('banner').locator('.workload'),
    newFromTemplate: page.getByRole('button', { name: 'New from template…' }),
    open: page.getByRole('button', { name: 'Open…' }),
    undo: page.getByRole('button', { name: 'Undo', exact: true }),
    redo: page.getByRole('button', { name: 'Redo', exact: true }),
    theme: page.getByRole('combobox', { name: 'Theme' }),
    fileInput: page.locator('input[type="file"]'),
    /** The app's own alert (Monaco keeps empty live regions of role alert for screen readers). */
    alert: page.locator('.notice[role="alert"]'),
    dialog: page.getByRole('dialog'),
    startHeading: page.getByRole('heading', { name: 'Start a workload' }),
    selected: page.getByTestId('selected-pointer'),
    graph: page.getByRole('region', { name: 'Graph', exact: true }),
    inspector: page.getByRole('region', { name: 'Inspector' }),
    yamlPane: page.getByRole('region', { name: 'YAML' }),
  };
}

/** A template's button (on the start screen or in the New from template dialog), by its title. */
export function templateButton(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^${title}`) });
}

/** Opens the app on its start screen (every test has a fresh browser profile: no draft to recover). */
export async function openApp(page: Page) {
  await page.goto('/');
  await expect(app(page).startHeading).toBeVisible();
}

/** Opens the app and a template, and waits until Monaco has replaced the text area and the text is checked. */
export async function openTemplate(page: Page, title = 'Hello world') {
  await openApp(page);
  await templateButton(page, title).click();
  await waitForEditor(page);
}

/** Waits until the YAML pane is Monaco and the status shows a verdict. */
export async function waitForEditor(page: Page) {
  const ui = app(page);
  await expect(ui.monaco).toBeVisible();
  await expect(ui.status).toHaveText(/Valid|error|warning/);
}

/** The workload's text, as the app holds it (the single source of truth). */
export function textOf(page: Page): Promise<string> {
  return page.evaluate(() => window.scoreDesigner!.getText());
}

/** Replaces the text through the automation API, checks it at once, and waits for the YAML pane to show it. */
export async function setText(page: Page, text: string) {
  await page.evaluate((t) => window.scoreDesigner!.setText(t), text);
}

/** What a draft keeps: the text edited, what was opened, and the project's other workloads. */
interface SavedDraft {
  text: string;
  openedText: string;
  others?: Array<{ text: string }>;
}

/** This tab's autosaved draft in IndexedDB (its slot is named in sessionStorage), or null. */
export function savedDraftRecord(page: Page): Promise<SavedDraft | null> {
  return page.evaluate(
    () =>
      new Promise<SavedDraft | null>((resolve, reject) => {
        const slot = sessionStorage.getItem('score-designer.draft-slot');
        if (slot === null) return resolve(null);
        const open = indexedDB.open('score-designer-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(null);
          const get = db.transaction('drafts').objectStore('drafts').get(slot);
          get.onsuccess = () => resolve((get.result as SavedDraft | undefined) ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** The text of this tab's autosaved draft, or null when there is none. */
export async function savedDraft(page: Page): Promise<string | null> {
  return (await savedDraftRecord(page))?.text ?? null;
}

/** Puts the caret in the YAML pane at a 1-based line and column, with the keyboard, as a user would. */
export async function caretTo(page: Page, line: number, column = 1) {
  await app(page).editor.focus();
  await page.keyboard.press('Control+Home'); // line 1, column 1: moving down keeps column 1
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  for (let i = 1; i < column; i++) await page.keyboard.press('ArrowRight');
}

/** The "line:column" a problem shows, as numbers. */
export async function problemPosition(problem: Locator): Promise<{ line: number; column: number }> {
  const text = (await problem.locator('.position').textContent()) ?? '';
  const match = /(\d+):(\d+)/.exec(text);
  if (!match) throw new Error(`problem shows no line:column: "${text}"`);
  return { line: Number(match[1]), column: Number(match[2]) };
}

/** A workload with two problems that quick fixes mend (memory written "512mb" and "1gb"). */
export const withProblems = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    resources:
      limits:
        memory: 512mb
  worker:
    image: worker
    resources:
      limits:
        memory: 1gb
`;

/** The command palette (Ctrl+K). */
export const palette = (page: Page) => page.getByRole('dialog', { name: 'Commands' });

/** The top bar's Export button, its menu, an item of it, and the export's report. */
export function exportMenu(page: Page) {
  return {
    button: page.getByRole('button', { name: 'Export', exact: true }),
    menu: page.getByRole('menu', { name: 'Export' }),
    item: (name: string) => page.getByRole('menuitem', { name }),
    report: page.locator('.export-report'),
  };
}

/** Waits until the graph's view has stopped moving (it fits itself a frame after the nodes are drawn). */
export async function viewSettled(page: Page, options?: { timeout?: number }) {
  const viewport = app(page).graph.locator('.react-flow__viewport');
  let last: string | null = '';
  await expect
    .poll(async () => {
      const now = await viewport.getAttribute('style');
      const same = now === last;
      last = now;
      return same;
    }, options)
    .toBe(true);
}

/**
 * The page's heartbeat, from its first script (call before `page.goto`): a frozen main thread shows
 * as a gap between beats (see longestPause).
 */
export async function startHeartbeat(page: Page) {
  await page.addInitScript(() => {
    const beats: number[] = [];
    (window as unknown as { beats: number[] }).beats = beats;
    setInterval(() => beats.push(performance.now()), 50);
  });
}

/** The longest gap between the page's heartbeats from `from` to `to` (performance.now() times of the page). */
export function longestPause(page: Page, from: number, to = Infinity): Promise<number> {
  return page.evaluate(
    ([a, b]) => {
      const beats = (window as unknown as { beats: number[] }).beats.filter((t) => t >= a && t <= b);
      return Math.max(0, ...beats.slice(1).map((t, i) => t - beats[i]!));
    },
    [from, to] as const,
  );
}
