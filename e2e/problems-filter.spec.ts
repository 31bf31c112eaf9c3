import AxeBuilder from '@axe-core/playwright';
import { app, caretTo, expect, openTemplate, setText, test } from './fixtures';

/**
 * Issue 38, items 2 and 4: F6 / Shift+F6 walk the keyboard focus through the panes (graph → YAML →
 * inspector → problems), from anywhere, the YAML editor included; the Problems list filters by
 * severity, by the check that found a problem, by text and by the selected part.
 */
const workload = `apiVersion: score.dev/v1b1
metadata:
  name: filtered
containers:
  web:
    image: nginx:1.27
    variables:
      DB: \${resources.db.host}
      NOPE: \${resources.missing.host}
  worker:
    image: ""
resources:
  db:
    type: postgres
`;

const focusedPane = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-pane]')?.dataset['pane'] ?? null);

test('F6 and Shift+F6 move the focus through the panes, out of the YAML editor too', async ({ page }) => {
  await openTemplate(page, 'Hello world');
  await setText(page, workload);
  const ui = app(page);
  await expect(ui.problemCount).not.toHaveText('0');
  await caretTo(page, 1);
  expect(await focusedPane(page)).toBe('yaml');
  await page.keyboard.press('F6');
  await expect.poll(() => focusedPane(page)).toBe('inspector');
  await page.keyboard.press('F6');
  await expect.poll(() => focusedPane(page)).toBe('problems');
  await expect(page.locator(':focus')).toHaveClass(/problem/);
  await page.keyboard.press('F6');
  await expect.poll(() => focusedPane(page)).toBe('graph');
  await expect(page.locator(':focus')).toHaveClass(/react-flow__node/);
  await page.keyboard.press('F6');
  await expect.poll(() => focusedPane(page)).toBe('yaml');
  // Nothing was typed into the text on the way.
  expect(await page.evaluate(() => window.scoreDesigner!.getText())).toBe(workload);
  await page.keyboard.press('Shift+F6');
  await expect.poll(() => focusedPane(page)).toBe('graph');
  await page.keyboard.press('Shift+F6');
  await expect.poll(() => focusedPane(page)).toBe('problems');

  // A hidden pane is passed over.
  await ui.inspector.getByRole('button', { name: /Hide/ }).click();
  await caretTo(page, 1);
  await page.keyboard.press('F6');
  await expect.poll(() => focusedPane(page)).toBe('problems');
});

test('the Problems list filters by severity, check, text and the selected part', async ({ page }) => {
  await openTemplate(page, 'Hello world');
  await setText(page, workload);
  const ui = app(page);
  const filter = ui.problemsRegion.getByRole('group', { name: 'Filter problems' });
  await expect(filter).toBeVisible();
  const total = Number(await ui.problemCount.textContent());
  expect(total).toBeGreaterThanOrEqual(2);

  // Errors only, then warnings only: each row shown has that severity.
  const errors = filter.getByRole('button', { name: /^Errors \d+/ });
  const warnings = filter.getByRole('button', { name: /^Warnings \d+/ });
  const info = filter.getByRole('button', { name: /^Info \d+/ });
  const errorCount = Number((await errors.textContent())!.match(/\d+/)![0]);
  await warnings.click();
  await info.click();
  await expect(warnings).toHaveAttribute('aria-pressed', 'false');
  await expect(ui.problems).toHaveCount(errorCount);
  await expect(filter.getByText(`${errorCount} of ${total} shown`)).toBeVisible();
  for (const row of await ui.problems.all()) await expect(row).toContainText('Error');

  // Back to all; then by text.
  await filter.getByRole('button', { name: 'Clear filter' }).click();
  await expect(ui.problems).toHaveCount(total);
  await filter.getByRole('searchbox', { name: 'Problems containing' }).fill('missing');
  await expect(ui.problems.first()).toContainText('missing');
  const byText = await ui.problems.count();
  expect(byText).toBeGreaterThanOrEqual(1);
  expect(byText).toBeLessThan(total);
  await filter.getByRole('searchbox', { name: 'Problems containing' }).fill('no problem says this');
  await expect(ui.problemsRegion.getByText('No problem matches the filter.')).toBeVisible();
  await filter.getByRole('button', { name: 'Clear filter' }).click();

  // By the check that found them: the schema's (the empty image).
  const foundBy = filter.getByRole('combobox', { name: 'Found by' });
  await expect(foundBy.locator('option', { hasText: /^Schema \(\d+\)$/ })).toHaveCount(1);
  await foundBy.selectOption('schema');
  await expect(ui.problems.first()).toContainText('image');
  const schemaRows = await ui.problems.count();
  expect(schemaRows).toBeLessThan(total);

  // The selected part only: select the container worker; its problems alone are listed.
  await foundBy.selectOption('all');
  await filter.getByRole('checkbox', { name: 'Selected part only' }).check();
  await page.evaluate(() => window.scoreDesigner!.select('/containers/worker'));
  await expect(ui.problems.first()).toContainText('image');
  expect(await ui.problems.count()).toBeLessThan(total);

  const results = await new AxeBuilder({ page }).include('[data-pane="problems"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
