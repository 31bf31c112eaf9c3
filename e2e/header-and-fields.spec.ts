import { app, expect, openTemplate, setText, test } from './fixtures';

/**
 * What #39 item 8 found at 1440×900: the header wrapped to two rows whenever the save state was not
 * "Saved" (every pane moved down), name/value fields cut their values, the start order's add row had
 * no visible labels, and a message stayed over the workspace with words about an earlier text.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const headerHeight = (page: import('@playwright/test').Page) =>
  page.locator('.top-bar').evaluate((el) => el.getBoundingClientRect().height);

test('the header keeps one row at 1440 px whatever the save state and the verdict say', async ({ page }) => {
  await openTemplate(page, 'E-commerce frontend');
  const ui = app(page);
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Not in the library');
  await expect(ui.status).toContainText('Compose export');
  const first = await headerHeight(page);
  expect(first).toBeLessThan(60); // one row of buttons
  const grid = await page.locator('.workspace').evaluate((el) => el.getBoundingClientRect().top);

  await page.evaluate(() => window.scoreDesigner!.setText(window.scoreDesigner!.getText() + '# more\n'));
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText(/Unsaved changes/);
  expect(await headerHeight(page)).toBe(first);
  expect(await page.locator('.workspace').evaluate((el) => el.getBoundingClientRect().top)).toBe(grid);
  // The whole verdict is still there for whoever cannot see all of it.
  await expect(ui.status).toHaveAttribute('title', /Compose export: \d+ problem/);
});

test('name and value fields show their whole text in the inspector at 1440 px', async ({ page }) => {
  await openTemplate(page, 'E-commerce frontend');
  const annotations = app(page).inspector.getByRole('group', { name: 'Annotations' });
  await expect(annotations.getByLabel('Annotation app.kubernetes.io/part-of')).toBeVisible();
  const cut = await annotations
    .locator('input[type=text]')
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[])
        .filter((i) => i.value !== '' && i.scrollWidth > i.clientWidth + 1)
        .map((i) => i.value),
    );
  expect(cut).toEqual([]);
});

test("the start order's add row names its choices on screen", async ({ page }) => {
  await openTemplate(page);
  await setText(
    page,
    'apiVersion: score.dev/v1b1\nmetadata:\n  name: two\ncontainers:\n  web:\n    image: nginx\n  worker:\n    image: busybox\n',
  );
  await page.evaluate(() => window.scoreDesigner!.select('/containers/worker'));
  const order = app(page).inspector.getByRole('group', { name: 'Start order' });
  await expect(order.getByText('Container that waits', { exact: true })).toBeVisible();
  await expect(order.getByText('Until this container', { exact: true })).toBeVisible();
  await expect(order.getByLabel('Container that waits')).toBeVisible();
});

test('a message about an earlier text goes when the text changes', async ({ page }) => {
  await openTemplate(page);
  const refused = await page.evaluate(() =>
    window.scoreDesigner!.run('setVariable', { container: 'nope', name: 'A', value: 'b' }),
  );
  expect(refused).toHaveProperty('error');
  const alert = page.getByRole('alert').filter({ hasText: 'nope' });
  await expect(alert).toBeVisible();
  await page.evaluate(() => window.scoreDesigner!.setText(window.scoreDesigner!.getText() + '# edited\n'));
  await expect(alert).toHaveCount(0);
});
