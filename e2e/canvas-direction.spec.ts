import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { app, expect, openTemplate, savedDraft, setText, test, textOf, viewSettled } from './fixtures';

/**
 * The layout's direction (issue 33, item 2) and new edges that run forward (item 1), with real
 * gestures and keys: top to bottom stacks the start order downwards, and the choice is kept for the
 * workload across a reload while another workload keeps its own; a container added and then made to
 * wait for another lands after it, its edge running forward. Waits are for what the user sees.
 */

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 20_000 };

const SHOP = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  migrate:
    image: flyway:10
    before:
      api:
        ready: complete
  api:
    image: ghcr.io/acme/api:1
    variables:
      DB_HOST: \${resources.db.host}
    before:
      web:
        ready: started
  web:
    image: nginx:1.27
resources:
  db:
    type: postgres
`;

const BLOG = `apiVersion: score.dev/v1b1
metadata:
  name: blog
containers:
  writer:
    image: ghost:5
    before:
      reader:
        ready: started
  reader:
    image: nginx:1.27
`;

const canvas = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true }).locator('.graph-canvas');
const nodeOf = (page: Page, id: string) => canvas(page).locator(`.react-flow__node[data-id="${id}"]`);
const directions = (page: Page) => canvas(page).getByRole('group', { name: 'Layout direction' });
const topToBottom = (page: Page) => directions(page).getByRole('button', { name: 'Lay out top to bottom' });
const leftToRight = (page: Page) => directions(page).getByRole('button', { name: 'Lay out left to right' });

async function boxOf(node: Locator) {
  const box = (await node.boundingBox())!;
  return { ...box, right: box.x + box.width, bottom: box.y + box.height };
}

/** Each node wholly below the one before it (top to bottom), or wholly to its right (left to right). */
async function flows(page: Page, ids: readonly string[], way: 'down' | 'across'): Promise<boolean> {
  const boxes = await Promise.all(ids.map((id) => boxOf(nodeOf(page, id))));
  return boxes.every((b, i) => i === 0 || (way === 'down' ? b.y > boxes[i - 1]!.bottom : b.x > boxes[i - 1]!.right));
}

async function open(page: Page, text: string, last: string) {
  await setText(page, text);
  await expect(nodeOf(page, last)).toBeVisible(slow);
  await viewSettled(page, slow);
}

test('top to bottom stacks the nodes downwards, a reload keeps it, and another workload keeps its own', async ({
  page,
}) => {
  await openTemplate(page);
  await open(page, SHOP, 'resource:db');
  const chain = ['container:migrate', 'container:api', 'container:web'];
  await expect(leftToRight(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => flows(page, chain, 'across')).toBe(true);

  // From the keyboard: Tab from Auto layout to the direction's buttons, Enter on top to bottom.
  await canvas(page).getByRole('button', { name: 'Auto layout' }).focus();
  await page.keyboard.press('Tab');
  await expect(leftToRight(page)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(topToBottom(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(topToBottom(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(leftToRight(page)).toHaveAttribute('aria-pressed', 'false');
  await viewSettled(page, slow);
  await expect.poll(() => flows(page, [...chain], 'down')).toBe(true);
  await expect.poll(() => flows(page, ['container:api', 'resource:db'], 'down')).toBe(true);
  // Edges leave at the bottom and enter at the top.
  await expect(nodeOf(page, 'container:api').locator('.react-flow__handle-bottom')).toHaveCount(1);
  await expect(nodeOf(page, 'container:api').locator('.react-flow__handle-top')).toHaveCount(1);
  await expect(nodeOf(page, 'container:api').locator('.react-flow__handle-left')).toHaveCount(0);
  // The workload's text is untouched: the direction is not in score.yaml.
  expect(await textOf(page)).toBe(SHOP);

  // Reloaded (the draft saved), the workload comes back top to bottom.
  await expect.poll(() => savedDraft(page), slow).toBe(SHOP);
  await page.reload();
  await expect(nodeOf(page, 'resource:db')).toBeVisible(slow);
  await viewSettled(page, slow);
  await expect(topToBottom(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => flows(page, chain, 'down')).toBe(true);

  // Another workload has its own: left to right, as it was never chosen otherwise.
  await open(page, BLOG, 'container:reader');
  await expect(leftToRight(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => flows(page, ['container:writer', 'container:reader'], 'across')).toBe(true);
  // Chosen with its key on the canvas (H is left to right, V top to bottom): blog goes down, then back.
  await nodeOf(page, 'container:writer').focus();
  await page.keyboard.press('v');
  await expect(topToBottom(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => flows(page, ['container:writer', 'container:reader'], 'down')).toBe(true);
  await nodeOf(page, 'container:writer').focus();
  await page.keyboard.press('h');
  await expect(leftToRight(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => flows(page, ['container:writer', 'container:reader'], 'across')).toBe(true);

  // Back to the shop: still top to bottom.
  await open(page, SHOP, 'resource:db');
  await expect(topToBottom(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => flows(page, chain, 'down')).toBe(true);
});

test('a container added, then made to wait for the last of the chain, lands after it: its edge runs forward', async ({
  page,
}) => {
  await openTemplate(page);
  await open(page, SHOP, 'resource:db');
  await app(page).yamlPane.getByRole('button', { name: 'Hide' }).click();
  await viewSettled(page, slow);
  // Nothing selected: it lands in the middle of the view, left of web (the end of the chain).
  await canvas(page).getByRole('button', { name: 'Add container' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('notify');
  await dialog.getByRole('textbox', { name: 'Image' }).fill('example/notify:1');
  await dialog.getByRole('button', { name: 'Add container' }).click();
  const notify = nodeOf(page, 'container:notify');
  const web = nodeOf(page, 'container:web');
  await expect(notify).toBeVisible(slow);
  await viewSettled(page, slow);
  expect((await boxOf(notify)).x).toBeLessThan((await boxOf(web)).right);

  // web before notify, from the keyboard: C on web, choose notify, the condition, Enter.
  await web.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('c');
  const chooser = page.getByRole('dialog', { name: 'Connect web to…' });
  await chooser.getByRole('button', { name: /^container notify/ }).click();
  const order = page.getByRole('dialog', { name: 'Start order: web before notify' });
  await order.getByRole('button', { name: 'Add start order' }).click();
  await expect.poll(() => textOf(page)).toMatch(/before:\s+notify:/);
  await viewSettled(page, slow);
  // The edge runs forward: notify lies wholly to the right of web; nothing else moved past it.
  await expect.poll(async () => (await boxOf(notify)).x > (await boxOf(web)).right).toBe(true);
  await expect.poll(() => flows(page, ['container:migrate', 'container:api', 'container:web'], 'across')).toBe(true);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation with the direction's buttons (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openTemplate(page);
    await open(page, SHOP, 'resource:db');
    await topToBottom(page).click();
    await expect(topToBottom(page)).toHaveAttribute('aria-pressed', 'true');
    await viewSettled(page, slow);
    const results = await new AxeBuilder({ page }).include('.graph-canvas').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
