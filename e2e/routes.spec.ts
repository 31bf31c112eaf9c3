import { app, expect, openTemplate, test, waitForEditor } from './fixtures';

/**
 * Issue 38, item 6: the workspace, the catalog, the library and the selected part have addresses;
 * Back and Forward move between them, and a link (or a reload) opens the same view.
 */
const hash = (page: import('@playwright/test').Page) => page.evaluate(() => window.location.hash);

test('Back and Forward move between the workspace, the catalog and the library; the selection is in the address', async ({
  page,
}) => {
  await openTemplate(page, 'Hello world');
  const ui = app(page);
  await page.evaluate(() => window.scoreDesigner!.select('/containers/hello'));
  await expect(ui.selected).toHaveText('/containers/hello');
  await expect.poll(() => hash(page)).toBe('#/?select=/containers/hello');

  const catalog = page.getByRole('main', { name: 'Resource catalog' });
  const library = page.getByRole('main', { name: 'Workload library' });
  await page.getByRole('button', { name: 'Catalog', exact: true }).click();
  await expect(catalog).toBeVisible();
  expect(await hash(page)).toBe('#/catalog');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(library).toBeVisible();
  expect(await hash(page)).toBe('#/library');

  await page.goBack();
  await expect(catalog).toBeVisible();
  await page.goBack();
  await expect(ui.graph).toBeVisible();
  await expect(ui.selected).toHaveText('/containers/hello');
  await page.goForward();
  await expect(catalog).toBeVisible();

  // A link pasted into the address bar of the open page: its view, its selection.
  await page.evaluate(() => (window.location.hash = '#/?select=/containers/hello/image'));
  await expect(ui.graph).toBeVisible();
  await expect(ui.selected).toHaveText('/containers/hello/image');
});

test('a reload keeps the view the address names', async ({ page }) => {
  await openTemplate(page, 'Hello world');
  const ui = app(page);
  await page.evaluate(() => window.scoreDesigner!.select('/containers/hello'));
  await expect.poll(() => hash(page)).toBe('#/?select=/containers/hello');
  await page.reload();
  await waitForEditor(page);
  await expect(ui.selected).toHaveText('/containers/hello');

  await page.getByRole('button', { name: 'Catalog', exact: true }).click();
  await expect(page.getByRole('main', { name: 'Resource catalog' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main', { name: 'Resource catalog' })).toBeVisible();
});
