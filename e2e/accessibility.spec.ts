import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { app, expect, openApp, openTemplate, setText, test } from './fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The workspace with everything shown at once: problems, a marker, a message, a selection. */
async function showEveryPart(page: Page) {
  const ui = app(page);
  await setText(
    page,
    'apiVersion: score.dev/v1b1\nmetadata:\n  name: demo\ncontainers:\n  web:\n    variables:\n      A: 1\n',
  );
  await expect(ui.problems.first()).toBeVisible();
  await ui.problems.first().getByRole('button').click();
  await ui.fileInput.setInputFiles({
    name: 'x.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0, 1, 2]),
  });
  await expect(ui.alert).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openApp(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    expect(await seriousViolations(page), 'on the start screen').toEqual([]);
    await openTemplate(page);
    expect(await seriousViolations(page), 'in the workspace').toEqual([]);
    await showEveryPart(page);
    expect(await seriousViolations(page), 'with problems and a message shown').toEqual([]);
    // A part selected elsewhere is highlighted in the YAML pane: its text keeps its contrast on it.
    await page.evaluate(() =>
      (window as unknown as { scoreDesigner: { select(p: string): void } }).scoreDesigner.select('/metadata'),
    );
    await expect(page.locator('.monaco-editor .selected-entry').first()).toBeVisible();
    expect(await seriousViolations(page), 'with a part selected from outside the YAML pane').toEqual([]);
    await app(page).newFromTemplate.click();
    await expect(app(page).dialog).toBeVisible();
    expect(await seriousViolations(page), 'with a dialog open').toEqual([]);
  });
}

test('every control of the top bar and the panes is reachable with the keyboard, in order', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(page, 'apiVersion: score.dev/v1b1\nmetadata:\n  name: demo\ncontainers: {}\n');
  await expect(ui.problems.first()).toBeVisible();
  // Tab order starts from where the user last clicked: the app's title, before every control.
  await page.getByRole('heading', { name: 'Score Designer' }).click();
  for (const control of [
    ui.newFromTemplate,
    ui.open,
    page.getByRole('button', { name: 'Save', exact: true }),
    page.getByRole('button', { name: 'Share link' }),
    page.getByRole('button', { name: 'Export' }),
    page.getByRole('button', { name: 'Catalog' }),
    page.getByRole('button', { name: 'Library', exact: true }),
    ui.undo,
    ui.theme,
    page.getByRole('button', { name: 'Hide Graph' }),
    ui.graph.getByRole('button', { name: 'Add workload' }),
    ui.graph.getByRole('button', { name: 'Add container' }),
    ui.graph.getByRole('button', { name: 'Add resource' }),
    ui.graph.getByRole('button', { name: 'Auto layout' }),
  ]) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
  // Then the canvas: its nodes and zoom controls, all inside the graph pane, until the YAML pane's handle.
  const separator = page.getByRole('separator', { name: 'Resize the YAML pane' });
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    if (await separator.evaluate((el) => el === document.activeElement)) break;
    expect(await ui.graph.evaluate((pane) => pane.contains(document.activeElement))).toBe(true);
  }
  await expect(separator).toBeFocused();
  for (const control of [
    page.getByRole('tab', { name: 'Score YAML' }),
    page.getByRole('button', { name: 'Put YAML beside the graph' }),
    page.getByRole('button', { name: 'Hide YAML' }),
    ui.editor,
  ]) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
  // Tab leaves the editor (Monaco keeps Tab for indentation unless Ctrl+M toggles it; Escape first is not needed
  // for the inspector and problems, which the user reaches with Shift+Tab order too).
  await ui.problems.first().getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(ui.editor).toBeFocused();
});
