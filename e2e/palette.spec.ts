import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { app, caretTo, expect, openApp, openTemplate, palette, setText, test, textOf, withProblems } from './fixtures';

/**
 * The command palette, the keyboard sheet and quick fixes, from the keyboard: the palette lists the
 * table of intents and runs them; a problem's fix is chosen in Problems (or the YAML pane's Ctrl+.),
 * previewed, and is one undo step.
 */

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const search = (page: Page) => palette(page).getByRole('combobox', { name: 'Search commands' });

test('keyboard only: a template from the palette, then a container added through it', async ({ page }) => {
  await openApp(page);
  const ui = app(page);
  await page.keyboard.press('Control+k');
  await expect(search(page)).toBeFocused();
  await page.keyboard.type('template');
  await expect(palette(page).getByRole('option', { selected: true })).toHaveText(/New from template/);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  const templates = page.getByRole('dialog', { name: 'New from template' });
  await expect(templates).toBeVisible();
  await expect(templates.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ui.monaco).toBeVisible();
  await expect(ui.status).toHaveText(/Valid|error|warning/);

  // Ctrl+Shift+P opens it too; the canvas's intents apply, the graph being on screen.
  await page.keyboard.press('Control+Shift+P');
  await expect(search(page)).toBeFocused();
  await page.keyboard.type('add cont');
  const option = palette(page).getByRole('option', { selected: true });
  await expect(option).toHaveText(/^Add container/);
  await expect(option).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Enter');
  const name = page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeFocused();
  await page.keyboard.type('cart');
  await page.keyboard.press('Enter'); // on to the image
  await page.keyboard.type('shop/cart');
  await page.keyboard.press('Enter');
  await expect.poll(() => textOf(page)).toContain('  cart:\n    image: shop/cart\n');
});

test("a palette opened while the graph is still loading offers the canvas's intents once it comes", async ({
  page,
}) => {
  // The graph's part of the app is held back, as a slow machine or network would: the page, the YAML
  // and the palette come first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/GraphPane-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await openTemplate(page, 'E-commerce frontend');
  await expect(page.getByText('Loading the graph…')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(search(page)).toBeFocused();
  await page.keyboard.type('picture of');
  // Listed, as every intent is, but off: there is no canvas to picture yet.
  const picture = palette(page).getByRole('option', { name: /^Picture of the diagram…/ });
  await expect(picture).toHaveAttribute('aria-disabled', 'true');

  release();
  await expect(picture).not.toHaveAttribute('aria-disabled');
  await expect(palette(page).getByRole('option', { selected: true })).toHaveText(/^Picture of the diagram…/);
  await expect(search(page)).toBeFocused(); // still typing where the user was
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Picture of the diagram' })).toBeVisible();
});

test('the palette lists every intent with its shortcut, dims those that do not apply, and gives the focus back', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  await ui.undo.focus(); // disabled buttons cannot hold the focus: the Redo beside it is
  await ui.theme.focus();
  await page.keyboard.press('Control+k');
  const options = palette(page).getByRole('option');
  await expect(options.first()).toBeVisible();
  const labels = await options.locator('.palette-label').allTextContents();
  for (const label of [
    'Show all commands',
    'Keyboard shortcuts',
    'Save',
    'Undo',
    'Redo',
    'Go to next problem',
    'Quick fix…',
    'Add container',
    'Add resource',
    'Connect…',
    'Rename',
    'Remove',
    'Auto layout',
    'Catalog',
    'Library',
    'Open…',
    'New from template…',
  ]) {
    expect(labels).toContain(label);
  }
  await expect(options.filter({ hasText: 'Undo' }).locator('kbd')).toHaveText('Ctrl+Z');
  // Nothing to undo yet: listed, dimmed, and chosen it says why not instead of running.
  await page.keyboard.type('redo');
  await expect(options.filter({ hasText: 'Redo' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByRole('status')).toHaveText(/Redo: not available here/);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(ui.theme).toBeFocused();
  // Ctrl+K inside the YAML editor opens the palette too (not the editor's chord), and Escape returns there.
  await ui.editor.focus();
  await page.keyboard.press('Control+k');
  await expect(search(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ui.editor).toBeFocused();
});

test('the keyboard sheet lists the table’s keys; ? while typing is a character', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await ui.editor.focus();
  await page.keyboard.press('End');
  await page.keyboard.type('?');
  await expect.poll(() => textOf(page)).toContain('?');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.keyboard.press('Control+z');
  await ui.theme.focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const { command, keys } of [
    { command: 'Show all commands', keys: 'Ctrl+K or Ctrl+Shift+P' },
    { command: 'Undo', keys: 'Ctrl+Z' },
    { command: 'Redo', keys: 'Ctrl+Shift+Z or Ctrl+Y' },
    { command: 'Go to next problem', keys: 'F8' },
    { command: 'Quick fix…', keys: 'Ctrl+.' },
    { command: 'Remove', keys: 'Delete or Backspace' },
    { command: 'Rename', keys: 'F2' },
  ]) {
    await expect(sheet.getByRole('row', { name: command })).toContainText(keys);
  }
  await page.keyboard.press('Escape');
  await expect(ui.theme).toBeFocused();
});

test('a problem is fixed from Problems through its quick fix, previewed, as one undo step', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(page, withProblems);
  await expect(ui.problemCount).toHaveText('2');
  const first = ui.problems.first();
  await expect(first).toContainText('Fix');
  await first.getByRole('button').focus();
  await page.keyboard.press('Control+.');
  const fixes = page.getByRole('dialog', { name: 'Quick fixes' });
  await expect(fixes).toBeVisible({ timeout: 30_000 }); // its first opening loads the planners
  const fix = fixes.getByRole('button', { name: 'Write "512Mi" instead of "512mb"' });
  await expect(fix).toBeFocused();
  await expect(fixes.locator('del').first()).toHaveText(/memory: 512mb/);
  await expect(fixes.locator('ins').first()).toHaveText(/memory: 512Mi/);
  await expect(fixes.getByRole('button', { name: 'Fix all 2: memory amounts in Score units' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(fixes).toBeHidden();
  await expect.poll(() => textOf(page)).toBe(withProblems.replace('512mb', '512Mi'));
  await expect(ui.problemCount).toHaveText('1');
  // The focus goes to the problem now in its place, ready for the next fix.
  await expect(ui.problems.first().getByRole('button')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect.poll(() => textOf(page)).toBe(withProblems);

  // Fix all of the kind, from the row's Fix with the mouse: one undo step for both.
  await ui.problems.first().getByText('Fix', { exact: true }).click();
  await fixes.getByRole('button', { name: /^Fix all 2/ }).click();
  await expect.poll(() => textOf(page)).toBe(withProblems.replace('512mb', '512Mi').replace('1gb', '1Gi'));
  // The workload is valid now; what stays is what the Compose export tells of it (limits it ignores, #34).
  await expect(ui.problems.filter({ hasNotText: 'The Compose export changes' })).toHaveCount(0);
  await expect(ui.problemCount).toHaveText('2');
  await page.keyboard.press('Control+z');
  await expect.poll(() => textOf(page)).toBe(withProblems);
});

test('Ctrl+. in the YAML pane offers the problem’s fixes as code actions, run as one undo step', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(page, withProblems);
  await expect(ui.problemCount).toHaveText('2');
  await caretTo(page, 9, 17);
  await page.keyboard.press('Control+.');
  const action = page.locator('.action-widget').getByText('Write "512Mi" instead of "512mb"');
  await expect(action).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => textOf(page)).toBe(withProblems.replace('512mb', '512Mi'));
  await page.keyboard.press('Control+z');
  await expect.poll(() => textOf(page)).toBe(withProblems);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the palette, the sheet and the fixes (${colorScheme})`, async ({
    page,
  }) => {
    test.slow(); // three dialogs and three axe runs, on a loaded machine
    await page.emulateMedia({ colorScheme });
    await openTemplate(page);
    await setText(page, withProblems);
    await app(page).theme.focus();
    await page.keyboard.press('Control+k');
    await expect(search(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    expect(await seriousViolations(page), 'in the palette').toEqual([]);
    await page.screenshot({ path: `test-results/palette-${colorScheme}.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(await seriousViolations(page), 'in the keyboard sheet').toEqual([]);
    await page.screenshot({ path: `test-results/sheet-${colorScheme}.png` });
    await page.keyboard.press('Escape');
    await app(page).problems.first().getByRole('button').focus();
    await page.keyboard.press('Control+.');
    // Its first opening loads the quick fixes' planners.
    await expect(page.getByRole('dialog', { name: 'Quick fixes' })).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page), 'in the quick fixes').toEqual([]);
    await page.screenshot({ path: `test-results/fixes-${colorScheme}.png` });
  });
}
