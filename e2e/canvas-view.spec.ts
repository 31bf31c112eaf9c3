import type { Locator, Page } from '@playwright/test';
import { templateList } from '../src/core/templates/list';
import { expect, openTemplate, test, viewSettled } from './fixtures';

/**
 * The canvas read as a person reads it (issue 33): at 1440×900 every template opens with names at
 * 11 px or more (panned, not shrunk, past that), shown whole; the mini-map shows every node; a node
 * added from the toolbar lands in view beside the selected one.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const canvas = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true }).locator('.graph-canvas');
const nodes = (page: Page) => canvas(page).locator('.react-flow__node');
const nodeOf = (page: Page, id: string) => canvas(page).locator(`.react-flow__node[data-id="${id}"]`);

/** Each node's name as drawn: its text, the size its letters are drawn at (CSS px on the screen), and whether it is cut. */
function drawnNames(page: Page) {
  return canvas(page)
    .locator('.graph-node-name')
    .evaluateAll((names) =>
      names.map((name) => {
        const node = name.closest<HTMLElement>('.react-flow__node')!;
        // The scale the node is drawn at: its width on the screen over its width in the page's layout.
        const scale = node.getBoundingClientRect().width / node.offsetWidth;
        return {
          text: name.textContent,
          px: parseFloat(getComputedStyle(name).fontSize) * scale,
          cut: name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight,
        };
      }),
    );
}

/** Hides the YAML pane: the graph gets the room a mini-map needs. */
async function roomForTheMiniMap(page: Page) {
  await page.getByRole('region', { name: 'YAML' }).getByRole('button', { name: 'Hide' }).click();
  await expect(canvas(page).locator('.react-flow__minimap')).toBeVisible();
}

for (const template of templateList) {
  test(`${template.title} opens with every name whole and drawn at 11 px or more`, async ({ page }) => {
    await openTemplate(page, template.title);
    await expect(nodes(page).first()).toBeVisible();
    await viewSettled(page);
    const names = await drawnNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name.px, `"${name.text}" is drawn at ${name.px.toFixed(1)} px`).toBeGreaterThanOrEqual(11);
      expect(name.cut, `"${name.text}" is cut short`).toBe(false);
    }
    // The workload's own node is in view (a large graph is panned around it, not shrunk).
    await expect(nodeOf(page, 'workload')).toBeInViewport({ ratio: 0.99 });
  });
}

test('the two model-registry resources of the ML template read apart, by name and to screen readers', async ({
  page,
}) => {
  await openTemplate(page, 'ML inference service');
  for (const name of ['model-registry', 'model-registry-credentials']) {
    const node = nodeOf(page, `resource:${name}`);
    await expect(node.locator('.graph-node-name')).toHaveText(name);
    await expect(node.locator('.graph-node-name')).toHaveAttribute('title', new RegExp(`^${name} —`));
    await expect(node).toHaveAccessibleName(new RegExp(`^resource ${name},`));
  }
});

test('"Fit all" still shows the whole graph, names giving way to an overview when they get too small', async ({
  page,
}) => {
  await openTemplate(page, 'ML inference service');
  await roomForTheMiniMap(page); // and for names drawn large enough to read when all of the graph is in view
  await viewSettled(page);
  await page.getByRole('button', { name: 'Fit View' }).click();
  await viewSettled(page);
  const box = (await canvas(page).boundingBox())!;
  for (const node of await nodes(page).all()) {
    const at = (await node.boundingBox())!;
    expect(at.x >= box.x && at.y >= box.y && at.x + at.width <= box.x + box.width + 1).toBe(true);
    expect(at.y + at.height).toBeLessThanOrEqual(box.y + box.height + 1);
  }
  // Seen from this far, a node shows its name large and hides details too small to read.
  await expect(canvas(page)).toHaveAttribute('data-overview', '');
  const overview = nodeOf(page, 'resource:model-registry-credentials').locator('.graph-node-overview');
  await expect(overview).toBeVisible();
  await expect(overview).toHaveText('model-registry-credentials');
  const px = await overview.evaluate((el) => {
    const node = el.closest<HTMLElement>('.react-flow__node')!;
    return (parseFloat(getComputedStyle(el).fontSize) * node.getBoundingClientRect().width) / node.offsetWidth;
  });
  const name = await drawnNames(page);
  expect(px).toBeGreaterThan(name[0]!.px * 1.5);
  await expect(nodeOf(page, 'resource:model-registry-credentials').locator('.graph-node-detail').first()).toBeHidden();
});

test('the mini-map shows every node, after a template opens and after a reload', async ({ page }) => {
  await openTemplate(page, 'ML inference service');
  await roomForTheMiniMap(page);
  const minimapNodes = canvas(page).locator('.react-flow__minimap-node');
  const count = await nodes(page).count();
  expect(count).toBe(14);
  await expect(minimapNodes).toHaveCount(count);
  await page.reload();
  await expect(nodes(page)).toHaveCount(count);
  await expect(canvas(page).locator('.react-flow__minimap')).toBeVisible();
  await expect(minimapNodes).toHaveCount(count);
});

/** The node's box lies wholly inside the canvas's. */
async function inCanvas(page: Page, node: Locator): Promise<boolean> {
  const box = await canvas(page).boundingBox();
  const at = await node.boundingBox();
  if (!box || !at) return false;
  return (
    at.x >= box.x - 1 &&
    at.y >= box.y - 1 &&
    at.x + at.width <= box.x + box.width + 1 &&
    at.y + at.height <= box.y + box.height + 1
  );
}

/** The ids of the nodes drawn. */
const nodeIds = (page: Page) => nodes(page).evaluateAll((all) => all.map((n) => n.getAttribute('data-id')!));

test('a resource added from the toolbar lands beside the selected container, and the view follows', async ({
  page,
}) => {
  await openTemplate(page, 'ML inference service');
  await viewSettled(page);
  // A container low in the view: what is added beside it would lie below the view's edge.
  const server = nodeOf(page, 'container:model-server');
  // Selected from the keyboard: the node may lie partly below the canvas's edge, under the YAML pane.
  await server.focus();
  await page.keyboard.press('Enter');
  await expect(server).toHaveClass(/selected/);
  const before = await nodeIds(page);
  await page.getByRole('button', { name: 'Add resource' }).click();
  await page
    .getByRole('group', { name: 'Resource types' })
    .getByRole('button', { name: /^redis/ })
    .click();
  await page.keyboard.press('Enter'); // keep the suggested name
  await expect(nodes(page)).toHaveCount(before.length + 1);
  const added = nodeOf(
    page,
    (await nodeIds(page)).find((id) => !before.includes(id))!,
  );
  await expect.poll(() => inCanvas(page, added)).toBe(true);
  await besideIt(server, added);
});

test('a container added from the toolbar lands beside the selected one, and the view follows', async ({ page }) => {
  await openTemplate(page, 'ML inference service');
  await viewSettled(page);
  const router = nodeOf(page, 'container:request-router');
  await router.click();
  await page.getByRole('button', { name: 'Add container' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('shadow');
  await dialog.getByRole('textbox', { name: 'Image' }).fill('example/shadow:1');
  await dialog.getByRole('button', { name: 'Add container' }).click();
  const shadow = nodeOf(page, 'container:shadow');
  await expect(shadow).toBeVisible();
  await expect.poll(() => inCanvas(page, shadow)).toBe(true);
  await besideIt(router, shadow);
});

/** `added` lies to the right of `selected`, about level with it (on the nearest free spot). */
async function besideIt(selected: Locator, added: Locator) {
  const from = (await selected.boundingBox())!;
  const at = (await added.boundingBox())!;
  expect(at.x).toBeGreaterThan(from.x + from.width / 2);
  expect(Math.abs(at.y - from.y)).toBeLessThan(from.height * 3);
}
