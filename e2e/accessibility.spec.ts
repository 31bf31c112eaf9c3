import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { app, expect, openApp, test } from './fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function showEveryPart(page: Page) {
  const ui = app(page);
  await ui.editor.fill(
    'apiVersion: score.dev/v1b1\nmetadata:\n  name: demo\ncontainers:\n  web:\n    variables:\n      A: 1\n',
  );
  await expect(ui.problems.first()).toBeVisible();
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
    expect(await seriousViolations(page), 'on the first page').toEqual([]);
    await showEveryPart(page);
    expect(await seriousViolations(page), 'with problems and a notice shown').toEqual([]);
  });
}

test('every control is reachable with the keyboard, in order', async ({ page }) => {
  await openApp(page);
  const ui = app(page);
  await ui.editor.fill('apiVersion: score.dev/v1b1\nmetadata:\n  name: demo\ncontainers: {}\n');
  await expect(ui.problems.first()).toBeVisible();
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const control of [
    ui.templatePicker,
    ui.useTemplate,
    ui.openFile,
    ui.editor,
    ui.problems.first().getByRole('button'),
  ]) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }
});
