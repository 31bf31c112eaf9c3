import type { Page } from '@playwright/test';
import { generateWorkload } from '../bench/workload-generator';
import { BACKGROUND_CHECK_FROM } from '../src/state/document/check/checker';
import { builtinCatalog } from '../src/core/catalog';
import { withExportReadiness } from '../src/core/export/compose/problems';
import { composeReadiness } from '../src/core/export/compose/readiness';
import { deriveGraph } from '../src/core/graph/derive';
import { validateText } from '../src/core/validate';
import { SUGGEST_WHILE_TYPING_BELOW } from '../src/ui/yaml/typing-suggestions';
import { app, expect, openTemplate, setText, test, textOf } from './fixtures';

/**
 * A workload over 192 KB (BACKGROUND_CHECK_FROM) is checked in the validation worker while the user
 * types, and each of the worker's answers comes as changes to the one before (see
 * src/state/document/check/reply-patch.ts). Whatever the edit, the graph and the problems must be
 * exactly those of the text checked whole.
 */
const text = generateWorkload(125, 125); // about 207 KB, 125 containers and 125 resources

/**
 * The edges and problems a whole check of `text` gives (as the app's built-in catalog sees them),
 * with the Compose export's problems that the worker adds after each check.
 */
function expected(current: string) {
  const catalog = builtinCatalog();
  const report = validateText(current, { catalog });
  return {
    edges: deriveGraph(report.parsed, report.diagnostics)
      .edges.map((e) => e.id)
      .sort(),
    problems: withExportReadiness(report, composeReadiness(report, { provisioners: catalog.provisioners })).diagnostics
      .length,
  };
}

/** What the page shows: the graph's edges and the number of problems (the panel's count, and each drawn row's place in it). */
async function shown(page: Page) {
  const edges = await page
    .locator('.react-flow__edge[data-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!).sort());
  const count = Number(await app(page).problemCount.textContent());
  const sizes = await app(page).problems.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-setsize'))));
  const drawn = sizes.length > 0 === count > 0 && sizes.every((size) => size === count);
  return { edges, problems: drawn ? count : -1 };
}

/** Moves the caret to the end of the line where the first `needle` ends, with Monaco's Go to Line (Ctrl+G). */
async function caretAfter(page: Page, needle: string) {
  const current = await textOf(page);
  const line = current.slice(0, current.indexOf(needle) + needle.length).split('\n').length;
  await app(page).editor.focus();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
}

test('typing in a large workload: the worker checks it, and the graph and problems follow every edit', async ({
  page,
}) => {
  // Long enough for the worker however the edits below shorten it.
  expect(text.length).toBeGreaterThan(BACKGROUND_CHECK_FROM + 4096);
  await openTemplate(page);
  await setText(page, text);
  const ui = app(page);
  await expect(ui.workloadName).toContainText('bench-platform');
  await expect.poll(() => shown(page)).toEqual(expected(text));

  // A key typed into the last container's image: a problem appears there, and goes when mended.
  // (The worker's first answer is whole, or changes to the page's own reading when the worker has read
  // the text since setText; the next ones are changes to the answer before.)
  await caretAfter(page, '  svc-011:\n    image');
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+ArrowRight'); // after "image"
  await page.keyboard.type('x');
  await expect(ui.problems.filter({ hasText: '"imagex"' })).toHaveCount(1);
  const node = ui.graph.locator('.react-flow__node[data-id="container:svc-011"]');
  await expect(node).toContainText('no image');
  await expect.poll(async () => shown(page)).toEqual(expected(await textOf(page)));
  await page.keyboard.press('Backspace');
  await expect(ui.problems.filter({ hasText: '"imagex"' })).toHaveCount(0);
  await expect(node).toContainText('registry.example.com/bench/svc-011');

  // A reference added to the first container: every placeholder after it moves.
  await caretAfter(page, 'LOG_FORMAT: json');
  await page.keyboard.press('Enter'); // the new line is indented like the one before
  await page.keyboard.insertText('EXTRA_HOST: ${resources.mongodb-006.host}');
  await expect
    .poll(() => textOf(page))
    .toContain('LOG_FORMAT: json\n      EXTRA_HOST: ${resources.mongodb-006.host}\n');
  let current = await textOf(page);
  expect(expected(current).edges).toContain('uses:container:svc-000->resource:mongodb-006');
  await expect.poll(() => shown(page)).toEqual(expected(current));
  expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringContaining('validation'));

  // A reference removed from a container in the middle (its edge goes if it was the only one).
  const count = (t: string) => t.split('S3_011_REGION').length - 1;
  const before = count(await textOf(page));
  await caretAfter(page, 'S3_011_REGION');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Delete');
  current = await textOf(page);
  expect(count(current)).toBe(before - 1);
  await expect.poll(() => shown(page)).toEqual(expected(current));

  // Undo walks back through the worker's answers too.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => count(await textOf(page))).toBe(before);
  current = await textOf(page);
  await expect.poll(() => shown(page)).toEqual(expected(current));
});

test('in a workload over 64 KB, a letter typed does not ask for suggestions; Ctrl+Space does', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  const suggestions = ui.monaco.locator('.suggest-widget');
  /** Starts a new field in a container without volumes: the caret after its image line, a new line, a letter. */
  const typeNewField = async () => {
    await caretAfter(page, '  svc-001:\n    image: registry.example.com/bench/svc-001:1.1.1');
    await page.keyboard.press('Enter');
    await page.keyboard.type('v');
  };

  const large = generateWorkload(50, 50);
  expect(large.length).toBeGreaterThan(SUGGEST_WHILE_TYPING_BELOW);
  await setText(page, large);
  await expect(ui.workloadName).toContainText('bench-platform');
  await typeNewField();
  await page.waitForTimeout(600); // time enough for suggestions to show, were they asked for
  await expect(suggestions).toBeHidden();
  await page.keyboard.press('Control+Space');
  await expect(suggestions).toBeVisible();
  await expect(suggestions).toContainText('volumes');
  await page.keyboard.press('Escape');

  // Below the limit again, the same key brings them at once.
  const small = generateWorkload(5, 5);
  expect(small.length).toBeLessThan(SUGGEST_WHILE_TYPING_BELOW);
  await setText(page, small);
  await typeNewField();
  await expect(suggestions).toBeVisible();
  await expect(suggestions).toContainText('volumes');
});
