import type { Locator, Page } from '@playwright/test';
import { app, caretTo, expect, openApp, openTemplate, palette, test, textOf, withProblems } from './fixtures';

/**
 * Issue 38's first Must-show, end to end and with no mouse: open a workload file, fix every problem
 * through quick fixes, add a container and a resource, connect them, export. Every step is a key:
 * the command palette, F8 and Ctrl+. for the problems, F6 to the graph, Shift+Tab to the Export button.
 */
/** Runs a command from the palette: Ctrl+K, the words, Enter on the entry they select. */
async function command(page: Page, words: string, entry: RegExp) {
  await page.keyboard.press('Control+k');
  await expect(palette(page).getByRole('combobox', { name: 'Search commands' })).toBeFocused();
  await page.keyboard.type(words);
  await expect(palette(page).getByRole('option', { selected: true })).toHaveText(entry);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

/** Presses `key` until `target` has the focus (at most `limit` times). */
async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 40) {
  for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('keyboard only: open a file, fix every problem, add a container and a resource, connect them, export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openApp(page);
  const ui = app(page);

  // Open… from the palette; the system's file dialog is answered with the file.
  const chooser = page.waitForEvent('filechooser');
  await command(page, 'open', /^Open…/);
  await (
    await chooser
  ).setFiles({ name: 'score.yaml', mimeType: 'application/yaml', buffer: Buffer.from(withProblems) });
  await expect(ui.monaco).toBeVisible();
  await expect(ui.problemCount).toHaveText('2');

  // Each problem: F8 to it, Ctrl+. for its fixes, Enter on the first (the fix of this problem).
  const fixes = page.getByRole('dialog', { name: 'Quick fixes' });
  for (const [from, to] of [
    ['512mb', '512Mi'],
    ['1gb', '1Gi'],
  ] as const) {
    await page.keyboard.press('F8');
    await page.keyboard.press('Control+.');
    await expect(fixes).toBeVisible({ timeout: 30_000 }); // its first opening loads the planners
    await expect(fixes.getByRole('button', { name: `Write "${to}" instead of "${from}"` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(fixes).toBeHidden();
    await expect.poll(() => textOf(page)).toContain(`memory: ${to}`);
  }
  // Valid: what stays is what the Compose export says of it (limits it ignores).
  await expect(ui.status).toContainText('Valid');
  await expect(ui.problems.filter({ hasNotText: 'The Compose export changes' })).toHaveCount(0);

  // A container, from the palette.
  await command(page, 'add cont', /^Add container/);
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await page.keyboard.type('cart');
  await page.keyboard.press('Enter');
  await page.keyboard.type('shop/cart');
  await page.keyboard.press('Enter');
  await expect.poll(() => textOf(page)).toContain('  cart:\n    image: shop/cart\n');

  // A resource: the palette opens the list of types; Tab to postgres, Enter, and Enter keeps its name.
  await command(page, 'add resource', /^Add resource/);
  const types = page.getByRole('group', { name: 'Resource types' });
  await expect(types.getByRole('button').first()).toBeFocused();
  await pressUntilFocused(page, 'Tab', types.getByRole('button', { name: /^postgres / }));
  await page.keyboard.press('Enter');
  await expect.poll(() => textOf(page)).toMatch(/resources:\n {2}[a-z0-9-]+:\n {4}type: postgres\n/);
  await page.keyboard.press('Enter');
  const resourceName = /resources:\n {2}([a-z0-9-]+):\n {4}type: postgres\n/.exec(await textOf(page))![1]!;

  // Connect cart to it: F6 to the graph, Tab to cart, c, the resource, then the variable it gets.
  const canvas = ui.graph;
  const cart = canvas.locator('.react-flow__node[data-id="container:cart"]');
  for (let i = 0; i < 4 && !(await canvas.evaluate((el) => el.contains(document.activeElement))); i++) {
    await page.keyboard.press('F6');
  }
  // The new resource has the focus (it was selected last); cart comes before it.
  await pressUntilFocused(page, 'Shift+Tab', cart, 20);
  await page.keyboard.press('c');
  const connect = page.getByRole('dialog', { name: 'Connect cart to…' });
  await expect(connect).toBeVisible();
  await pressUntilFocused(
    page,
    'Tab',
    connect.getByRole('button', { name: new RegExp(`^resource ${resourceName}\\b`) }),
  );
  await page.keyboard.press('Enter');
  const use = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Add variable' }) });
  await expect(use).toBeVisible();
  await pressUntilFocused(page, 'Tab', use.getByRole('button', { name: 'Add variable' }));
  await page.keyboard.press('Enter');
  await expect
    .poll(() => textOf(page))
    .toMatch(
      new RegExp(
        `cart:\\n {4}image: shop/cart\\n {4}variables:\\n {6}\\w+: \\$\\{resources\\.${resourceName}\\.\\w+\\}`,
      ),
    );

  // Export: back from the graph with Shift+Tab to the top bar's Export button (a menu button), Enter,
  // the arrows to compose.yaml, Enter.
  await expect(cart).toBeFocused();
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await pressUntilFocused(page, 'Shift+Tab', exportButton, 60);
  await page.keyboard.press('Enter');
  const compose = page.getByRole('menuitem', { name: 'Download compose.yaml' });
  await pressUntilFocused(page, 'ArrowDown', compose, 10);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toBe('compose.yaml');
  const exported = await (await file.createReadStream()).toArray();
  const composeText = Buffer.concat(exported).toString('utf8');
  expect(composeText).toContain('shop-cart:');
  expect(composeText).toContain('image: shop/cart');
  expect(composeText).toMatch(/postgres/);
});

test('in the YAML editor Tab indents; Escape then Tab leaves it, and it says so', async ({ page }) => {
  await openTemplate(page, 'Hello world');
  const ui = app(page);
  const text = await textOf(page);
  const hint = page.getByRole('status', { name: 'YAML editor keys' });
  await caretTo(page, 6, 3); // "    image:" of the container
  await expect(hint).toHaveText('Tab indents. Press Escape, then Tab, to leave the editor.');
  await page.keyboard.press('Tab');
  await expect.poll(() => textOf(page)).not.toBe(text);
  await page.keyboard.press('Control+z');
  await expect.poll(() => textOf(page)).toBe(text);

  await page.keyboard.press('Escape');
  await expect(hint).toHaveText('Tab now leaves the editor (Shift+Tab goes back).');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'))).toBe(false);
  await expect(hint).toHaveText('');
  expect(await textOf(page)).toBe(text);

  // Back in, then out backwards: Shift+Tab after Escape reaches the control before the editor.
  await caretTo(page, 1);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'))).toBe(false);
  expect(await textOf(page)).toBe(text);
  await expect(ui.monaco).toBeVisible();
});
