import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { exportCompose } from '../src/core/export/compose';
import { app, expect, exportMenu, openTemplate, setText, test, textOf } from './fixtures';

/**
 * Export: score.yaml byte for byte, compose.yaml equal to the core's export of the same text and
 * seed (computed here, in Node), the .zip bundle, the Compose preview following edits, and errors
 * and warnings said rather than dropped.
 */

// Comments, odd spacing, quoting, non-ASCII: exporting score.yaml must keep every byte.
const shop = `# The shop's web tier — café edition ☕
apiVersion: score.dev/v1b1
metadata:
  name: shop    # keep this comment
containers:
  web:
    image: 'nginx:1.27'
    variables:
      GREETING: "héllo"
      DB_HOST: \${resources.db.host}
      DB_PASSWORD: \${resources.db.password}
    resources:
      limits:
        memory: 128Mi
    files:
      /etc/shop/app.conf:
        content: |
          db=\${resources.db.host}
          user=\${resources.db.username}
resources:
  db:
    type: postgres
`;

async function choose(page: Page, item: string) {
  const menu = exportMenu(page);
  await menu.button.click();
  await expect(menu.menu).toBeVisible();
  await menu.item(item).click();
}

/** Chooses a download entry of the Export menu and returns what the browser downloaded. */
async function download(page: Page, item: string): Promise<{ download: Download; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await choose(page, item);
  const done = await started;
  const path = await done.path();
  return { download: done, bytes: await readFile(path) };
}

/** The Compose preview: beside the YAML, in its own tab. */
async function showPreview(page: Page) {
  const region = page.getByRole('region', { name: 'Compose preview' });
  if (!(await region.isVisible())) await page.getByRole('tab', { name: 'Compose preview' }).click();
  await expect(region).toBeVisible();
  return region;
}

/** The seed the app keeps for the workload (shown in the preview), so that Node can export the same. */
async function seedShown(page: Page): Promise<number> {
  const preview = await showPreview(page);
  const text = (await preview.locator('.compose-seed').textContent()) ?? '';
  const match = /Seed (\d+)/.exec(text);
  if (!match) throw new Error(`the preview shows no seed: "${text}"`);
  return Number(match[1]);
}

async function openShop(page: Page) {
  await openTemplate(page);
  await setText(page, shop);
  await expect(app(page).workloadName).toContainText('shop');
}

test('score.yaml downloads as the exact bytes of the text', async ({ page }) => {
  await openShop(page);
  const { download: file, bytes } = await download(page, 'Download score.yaml');
  expect(file.suggestedFilename()).toBe('score.yaml');
  expect(bytes.equals(Buffer.from(shop, 'utf8'))).toBe(true);
  expect(bytes.toString('utf8')).toBe(await textOf(page));
  await expect(exportMenu(page).report).toContainText('score.yaml downloaded');
});

test('compose.yaml equals the core export of the same text and seed, and lists what is not converted', async ({
  page,
}) => {
  await openShop(page);
  const seed = await seedShown(page);
  const { download: file, bytes } = await download(page, 'Download compose.yaml');
  expect(file.suggestedFilename()).toBe('compose.yaml');
  const expected = exportCompose([{ text: shop }], { seed, projectName: 'shop' });
  expect(expected.errors).toEqual([]);
  expect(bytes.toString('utf8')).toBe(expected.compose);

  const report = exportMenu(page).report;
  await expect(report).toContainText('compose.yaml downloaded');
  await expect(report.getByRole('group', { name: /Warnings/ })).toContainText('limits: not supported');
  await expect(report.getByRole('group', { name: /Notes/ })).toContainText('To connect to postgres');

  // Exporting again gives the same file: the seed is kept with the workload.
  const again = await download(page, 'Download compose.yaml');
  expect(again.bytes.equals(bytes)).toBe(true);
});

test('copy compose.yaml puts the same text on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openShop(page);
  const seed = await seedShown(page);
  await choose(page, 'Copy compose.yaml');
  await expect(exportMenu(page).report).toContainText('compose.yaml copied to the clipboard');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(exportCompose([{ text: shop }], { seed, projectName: 'shop' }).compose);
});

test('the bundle is a zip with compose.yaml and the mounted files', async ({ page }) => {
  await openShop(page);
  const seed = await seedShown(page);
  const { download: file, bytes } = await download(page, 'Download bundle (.zip)');
  expect(file.suggestedFilename()).toBe('shop.zip');
  const expected = exportCompose([{ text: shop }], { seed, projectName: 'shop' });
  const files = unzipSync(new Uint8Array(bytes));
  expect(strFromU8(files['compose.yaml']!)).toBe(expected.compose);
  for (const mounted of expected.files) {
    const content = files[mounted.path];
    expect(content, mounted.path).toBeDefined();
    expect(strFromU8(content!)).toBe(mounted.content);
  }
  expect(strFromU8(files['.score-compose/mounts/files/shop-files-app.conf']!)).toMatch(/^db=pg-\w{6}\nuser=user-/);
});

test('the preview follows edits and highlights what changed since the last export', async ({ page }) => {
  await openShop(page);
  const preview = await showPreview(page);
  const code = preview.getByLabel('compose.yaml');
  await expect(code).toContainText('GREETING: héllo');
  await expect(preview.getByRole('status')).toContainText('Not exported yet');

  await download(page, 'Download compose.yaml');
  await expect(preview.getByRole('status')).toContainText('Unchanged since the last export');
  await expect(code.locator('[data-changed]')).toHaveCount(0);

  // An edit in the YAML reaches the preview (after the validation pause), and only its line is marked.
  await setText(page, shop.replace('"héllo"', '"bonjour"'));
  await expect(code).toContainText('GREETING: bonjour');
  await expect(code.locator('[data-changed]')).toHaveCount(1);
  await expect(code.locator('[data-changed]')).toHaveText('      GREETING: bonjour');
  await expect(preview.getByRole('status')).toContainText('1 line changed since the last export');

  // Exporting again makes this the new baseline.
  await download(page, 'Download compose.yaml');
  await expect(code.locator('[data-changed]')).toHaveCount(0);

  // While the YAML does not parse, the file shown is of its last readable version: not "unchanged".
  await setText(page, `${shop}containers: [\n`);
  await expect(preview.getByRole('status')).toHaveText('Not up to date: the YAML does not parse.');
  await expect(preview.locator('.compose-seed')).toHaveAttribute(
    'title',
    /npx score-designer compose score\.yaml --project shop --seed \d+$/,
  );
});

test('regenerating secrets gives new passwords, marked as changes', async ({ page }) => {
  await openShop(page);
  const before = await seedShown(page);
  await download(page, 'Download compose.yaml');
  await exportMenu(page).report.getByRole('button', { name: /Close/ }).click();
  await expect(exportMenu(page).report).toBeHidden();
  const preview = await showPreview(page);
  await preview.getByRole('button', { name: 'Regenerate secrets' }).click();
  await app(page).dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(preview.locator('.compose-seed')).not.toHaveText(`Seed ${before}`);
  const after = await seedShown(page);
  const code = preview.getByLabel('compose.yaml');
  await expect(code.locator('[data-changed]', { hasText: 'DB_PASSWORD' })).toHaveCount(1);
  const { bytes } = await download(page, 'Download compose.yaml');
  expect(bytes.toString('utf8')).toBe(exportCompose([{ text: shop }], { seed: after, projectName: 'shop' }).compose);
});

test('a workload that cannot be converted gets its errors, not a file', async ({ page }) => {
  await openShop(page);
  await setText(page, shop.replace('type: postgres', 'type: no-such-type'));
  let downloads = 0;
  page.on('download', () => downloads++);
  await choose(page, 'Download compose.yaml');
  const report = exportMenu(page).report;
  await expect(report.getByRole('alert')).toContainText('compose.yaml could not be made');
  await expect(report.getByRole('group', { name: /Errors/ })).toContainText('not supported by any provisioner');
  const preview = await showPreview(page);
  await expect(preview.getByRole('group', { name: /cannot be converted/ })).toContainText(
    'not supported by any provisioner',
  );
  expect(downloads).toBe(0);
});

test('the menu works from the keyboard', async ({ page }) => {
  await openShop(page);
  const menu = exportMenu(page);
  await menu.button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(menu.menu).toBeVisible();
  await expect(menu.item('Download score.yaml')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.item('Download bundle (.zip)')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.item('Download score.yaml')).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.item('Download bundle (.zip)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu.menu).toBeHidden();
  await expect(menu.button).toBeFocused();

  // Enter on an item exports; the report says so and focus is back on the button.
  await page.keyboard.press('ArrowDown');
  const started = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await started).suggestedFilename()).toBe('score.yaml');
  await expect(menu.report).toContainText('score.yaml downloaded');
  await expect(menu.button).toBeFocused();
});

test('the report stays inside a narrow window (200% zoom), its lines whole', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 450 });
  await openShop(page);
  const menu = exportMenu(page);
  await menu.button.click();
  const started = page.waitForEvent('download');
  await menu.item('Download score.yaml').click();
  await started;
  await expect(menu.report).toContainText('score.yaml downloaded');
  const box = (await menu.report.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(700);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the menu, its report and the preview have no serious accessibility violation (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await openShop(page);
    const preview = await showPreview(page);
    await download(page, 'Download compose.yaml');
    await setText(page, shop.replace('"héllo"', '"bonjour"'));
    await expect(preview.getByLabel('compose.yaml').locator('[data-changed]')).toHaveCount(1);
    await exportMenu(page).button.click();
    await expect(exportMenu(page).menu).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
