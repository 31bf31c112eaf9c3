import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { app, expect, openTemplate, setText, test, textOf, viewSettled } from './fixtures';

/**
 * Arranging on the canvas (issue 33, item 2), with real gestures and keys: shift-click and the
 * selection box select several nodes, which move together and come back with one Undo; copy, paste
 * and duplicate, names made unique and references following the copies; the context menu by mouse
 * and keyboard; the search and zoom to selection. Waits are for what the user sees, with room for a
 * loaded machine.
 */

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

const WORKLOAD = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx:1.27
    variables:
      DB_HOST: \${resources.db.host}
      CACHE: \${resources.cache.host}
  worker:
    image: ghcr.io/acme/worker:2
resources:
  db:
    type: postgres
  cache:
    type: redis
`;

const canvas = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true }).locator('.graph-canvas');
const nodeOf = (page: Page, id: string) => canvas(page).locator(`.react-flow__node[data-id="${id}"]`);
const menu = (page: Page) => page.getByRole('menu');

/** Opens the shop workload, with the YAML pane hidden so that the graph has the room. */
async function openShop(page: Page) {
  await openTemplate(page);
  await setText(page, WORKLOAD);
  await expect(nodeOf(page, 'resource:cache')).toBeVisible(slow);
  await app(page).yamlPane.getByRole('button', { name: 'Hide' }).click();
  await viewSettled(page, slow);
}

async function centreOf(node: Locator) {
  const box = (await node.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('shift-click selects several nodes, a drag moves them together, and one Undo puts them back', async ({ page }) => {
  await openShop(page);
  const web = nodeOf(page, 'container:web');
  const worker = nodeOf(page, 'container:worker');
  const textBefore = await textOf(page);
  await web.click();
  await worker.click({ modifiers: ['Shift'] });
  await expect(web).toHaveClass(/selected/);
  await expect(worker).toHaveClass(/selected/);
  await expect(canvas(page).getByRole('status')).toHaveText(/^2 selected; the inspector shows container web/);
  // The inspector shows the first selected.
  await expect(app(page).selected).toHaveText('/containers/web');

  const [webAt, workerAt] = [await web.boundingBox(), await worker.boundingBox()];
  const from = await centreOf(web);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + i * 10, from.y + i * 5);
  await page.mouse.up();
  await expect.poll(async () => (await web.boundingBox())!.x - webAt!.x, slow).toBeGreaterThan(60);
  const moved = (await worker.boundingBox())!;
  expect(moved.x - workerAt!.x).toBeCloseTo((await web.boundingBox())!.x - webAt!.x, 0);
  expect(await textOf(page)).toBe(textBefore); // positions are not the workload's text

  // One Undo, from the canvas's keys, puts both back; Redo moves both again.
  await web.focus();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await web.boundingBox())!.x, slow).toBeCloseTo(webAt!.x, 0);
  expect((await worker.boundingBox())!.x).toBeCloseTo(workerAt!.x, 0);
  expect(await textOf(page)).toBe(textBefore);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(async () => (await worker.boundingBox())!.x, slow).toBeCloseTo(moved.x, 0);
});

test('a selection box drawn with Shift held selects the nodes inside it', async ({ page }) => {
  await openShop(page);
  const db = nodeOf(page, 'resource:db');
  const cache = nodeOf(page, 'resource:cache');
  const [a, b] = [(await db.boundingBox())!, (await cache.boundingBox())!];
  const box = {
    left: Math.min(a.x, b.x) - 12,
    top: Math.min(a.y, b.y) - 12,
    right: Math.max(a.x + a.width, b.x + b.width) + 12,
    bottom: Math.max(a.y + a.height, b.y + b.height) + 12,
  };
  await page.keyboard.down('Shift');
  await page.mouse.move(box.right, box.bottom);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(
      box.right - ((box.right - box.left) * i) / 10,
      box.bottom - ((box.bottom - box.top) * i) / 10,
    );
  }
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect(db).toHaveClass(/selected/, slow);
  await expect(cache).toHaveClass(/selected/);
  await expect(nodeOf(page, 'container:web')).not.toHaveClass(/selected/);
  await expect(canvas(page).getByRole('status')).toHaveText(/^2 selected/);
});

test('copy and paste make the copies with unique names, references following what was copied, as one undo step', async ({
  page,
}) => {
  await openShop(page);
  const textBefore = await textOf(page);
  await nodeOf(page, 'container:web').click();
  await nodeOf(page, 'resource:db').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+c');
  await expect(canvas(page).getByRole('status')).toHaveText('Copied 2 parts (as Score YAML).');
  await page.keyboard.press('Control+v');
  await expect(nodeOf(page, 'container:web-2')).toBeVisible(slow);
  await expect(nodeOf(page, 'resource:db-2')).toBeVisible();
  // The copies are selected, and drawn in view.
  await expect(nodeOf(page, 'container:web-2')).toHaveClass(/selected/);
  await expect(nodeOf(page, 'resource:db-2')).toHaveClass(/selected/);
  await expect(nodeOf(page, 'container:web-2')).toBeInViewport();
  const text = await textOf(page);
  expect(text.startsWith(textBefore.slice(0, textBefore.indexOf('resources:')))).toBe(true);
  expect(text).toContain('  web-2:\n    image: nginx:1.27\n    variables:\n      DB_HOST: ${resources.db-2.host}\n');
  expect(text).toContain('      CACHE: ${resources.cache.host}\n'); // cache was not copied
  expect(text).toContain('  db-2:\n    type: postgres\n');
  // One step: Undo takes both copies away.
  await page.keyboard.press('Control+z');
  await expect.poll(() => textOf(page), slow).toBe(textBefore);
  await expect(nodeOf(page, 'container:web-2')).toHaveCount(0);
});

test('Ctrl+D duplicates the focused node beside itself', async ({ page }) => {
  await openShop(page);
  const worker = nodeOf(page, 'container:worker');
  await worker.focus();
  await page.keyboard.press('Control+d');
  const copy = nodeOf(page, 'container:worker-2');
  await expect(copy).toBeVisible(slow);
  expect(await textOf(page)).toContain('  worker-2:\n    image: ghcr.io/acme/worker:2\n');
  const [a, b] = [(await worker.boundingBox())!, (await copy.boundingBox())!];
  expect(b.x).toBeGreaterThan(a.x + a.width / 2);
});

test('Score YAML copied from elsewhere pastes as containers and resources', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openShop(page);
  await page.evaluate(() =>
    navigator.clipboard.writeText(
      'containers:\n  api:\n    image: example/api:3\nresources:\n  queue:\n    type: amqp\n',
    ),
  );
  await nodeOf(page, 'container:worker').focus();
  await page.keyboard.press('Control+v');
  await expect(nodeOf(page, 'container:api')).toBeVisible(slow);
  await expect(nodeOf(page, 'resource:queue')).toBeVisible();
});

test('the context menu lists the intents for a node, an edge and the canvas, by mouse', async ({ page }) => {
  await openShop(page);
  await nodeOf(page, 'container:web').click({ button: 'right' });
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toHaveAccessibleName('Actions on container web');
  const items = menu(page).getByRole('menuitem');
  await expect(items).toHaveText([
    /^Connect…/,
    /^Rename/,
    /^Remove/,
    /^Copy/,
    /^Paste/,
    /^Duplicate/,
    /^Zoom to selection/,
  ]);
  await menu(page)
    .getByRole('menuitem', { name: /^Duplicate/ })
    .click();
  await expect(menu(page)).toHaveCount(0);
  await expect(nodeOf(page, 'container:web-2')).toBeVisible(slow);

  // On the empty canvas: what adds and arranges.
  const empty = await emptySpot(page);
  await page.mouse.click(empty.x, empty.y, { button: 'right' });
  await expect(menu(page)).toHaveAccessibleName('Actions on the canvas');
  await expect(menu(page).getByRole('menuitem')).toHaveText([
    /^Add container/,
    /^Add resource/,
    /^Auto layout/,
    /^Lay out left to right/,
    /^Lay out top to bottom/,
    /^Paste/,
    /^Zoom to selection/,
    /^Find on canvas…/,
    /^Picture of the diagram…/,
    /^Add workload/,
  ]);
  // A click elsewhere closes it.
  await page.mouse.click(empty.x - 40, empty.y);
  await expect(menu(page)).toHaveCount(0);
});

test('the context menu from the keyboard: Shift+F10 on the focused node, arrows, Enter, Escape back to the node', async ({
  page,
}) => {
  await openShop(page);
  const worker = nodeOf(page, 'container:worker');
  await worker.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toHaveAccessibleName('Actions on container worker');
  await expect(menu(page).getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowUp'); // round to the last
  await expect(menu(page).getByRole('menuitem', { name: /^Zoom to selection/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(worker).toBeFocused();

  await page.keyboard.press('ContextMenu');
  await expect(menu(page)).toBeVisible();
  // Down to Duplicate (Connect…, Rename, Remove, Copy, Paste, Duplicate), then Enter.
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(menu(page).getByRole('menuitem', { name: /^Duplicate/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nodeOf(page, 'container:worker-2')).toBeVisible(slow);
  await expect(menu(page)).toHaveCount(0);
});

test('search finds nodes by name, type or image, selects them, and Enter zooms to them', async ({ page }) => {
  await openShop(page);
  await nodeOf(page, 'container:web').focus();
  await page.keyboard.press('/');
  const search = canvas(page).getByRole('searchbox', { name: 'Find nodes by name, type or image' });
  await expect(search).toBeFocused();
  await search.fill('postgres');
  await expect(canvas(page).getByRole('search').getByRole('status')).toHaveText(/^1 found/);
  await expect(nodeOf(page, 'resource:db')).toHaveClass(/selected/);
  await search.fill('acme');
  await expect(nodeOf(page, 'container:worker')).toHaveClass(/selected/);
  await expect(nodeOf(page, 'resource:db')).not.toHaveClass(/selected/);
  const zoomBefore = await zoomOf(page);
  await page.keyboard.press('Enter');
  // One node fills the view: zoomed in, as far as the canvas zooms for one (1.25).
  await expect.poll(() => zoomOf(page), slow).toBeGreaterThan(zoomBefore);
  await expect(nodeOf(page, 'container:worker')).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);
  await expect(nodeOf(page, 'container:worker')).toBeFocused();
});

test('Zoom to selection (F) shows the selected nodes, however far the view was', async ({ page }) => {
  await openShop(page);
  await nodeOf(page, 'resource:cache').click();
  await nodeOf(page, 'container:web').click({ modifiers: ['Shift'] });
  // Far away: zoomed out and panned off.
  await page.getByRole('button', { name: 'Zoom Out' }).click();
  await page.getByRole('button', { name: 'Zoom Out' }).click();
  await viewSettled(page, slow);
  await nodeOf(page, 'container:web').focus();
  await page.keyboard.press('f');
  await expect(nodeOf(page, 'resource:cache')).toBeInViewport({ ratio: 1, timeout: 20_000 });
  await expect(nodeOf(page, 'container:web')).toBeInViewport({ ratio: 1 });
  expect(await zoomOf(page)).toBeGreaterThan(0.85);
});

test('axe finds no serious or critical violation with a multi-selection, the search and the context menu', async ({
  page,
}) => {
  await openShop(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await nodeOf(page, 'container:web').click();
    await nodeOf(page, 'resource:db').click({ modifiers: ['Shift'] });
    await page.keyboard.press('/');
    await expect(canvas(page).getByRole('searchbox')).toBeFocused();
    // On a node of the selection: the selection stays.
    await nodeOf(page, 'resource:db').click({ button: 'right' });
    await expect(menu(page)).toBeVisible();
    await expect(canvas(page).locator('.graph-status')).toHaveText(/^2 selected/);
    const results = await new AxeBuilder({ page }).include('.graph-canvas').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, colorScheme).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await canvas(page).getByRole('button', { name: 'Close' }).click();
    const empty = await emptySpot(page);
    await page.mouse.click(empty.x, empty.y); // nothing selected
    await expect(nodeOf(page, 'container:web')).not.toHaveClass(/selected/);
  }
});

function zoomOf(page: Page): Promise<number> {
  return canvas(page)
    .locator('.react-flow__viewport')
    .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** A point of the empty canvas (no node, edge or panel under it), on the right half of the view. */
async function emptySpot(page: Page): Promise<{ x: number; y: number }> {
  const box = (await canvas(page).boundingBox())!;
  const spot = await page.evaluate((b) => {
    for (let y = b.y + 80; y < b.y + b.height - 160; y += 20) {
      for (let x = b.x + b.width / 2; x < b.x + b.width - 60; x += 20) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    return null;
  }, box);
  expect(spot, 'an empty spot of the canvas').not.toBeNull();
  return spot!;
}
