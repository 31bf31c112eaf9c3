import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, openTemplate, setText, test } from './fixtures';

/**
 * A picture of the diagram (issue 33 item 4): Picture of the diagram… saves the graph as SVG (every name as
 * text, parsed here by the browser's XML parser) or PNG, light or dark, whole or the selection, from
 * the toolbar, the key E on the graph and the palette; the automation API gives the same picture and
 * the canvas's view.
 */

test.use({ viewport: { width: 1440, height: 900 } });
// Drawing a PNG and saving files: room on a loaded machine.
test.setTimeout(90_000);

const canvas = (page: Page) => page.getByRole('region', { name: 'Graph', exact: true }).locator('.graph-canvas');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Picture of the diagram' });

/** The names the canvas shows, node by node. */
const namesOnCanvas = (page: Page) => canvas(page).locator('.graph-node-name').allTextContents();

/** What the browser's XML parser makes of an SVG: whether it parses, the root's name, and every text's words. */
function readSvg(page: Page, svg: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent ?? ''),
      elements: [...new Set([...doc.querySelectorAll('*')].map((e) => e.localName))].sort(),
      background: doc.querySelector('svg > rect')?.getAttribute('fill') ?? null,
    };
  }, svg);
}

/** Chooses in the open dialog and exports; returns the downloaded file's name and bytes. */
async function exportFromDialog(page: Page, format: 'SVG' | 'PNG', theme: 'Light' | 'Dark', part?: string) {
  const d = dialog(page);
  await d.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await d.getByRole('radio', { name: theme }).check();
  if (part) await d.getByRole('radio', { name: new RegExp(`^${part}`) }).check();
  const started = page.waitForEvent('download', { timeout: 30_000 });
  await d.getByRole('button', { name: `Save ${format}` }).click();
  const download = await started;
  await expect(d).toBeHidden();
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

/** A PNG's signature, and its width and height from its IHDR chunk. */
function pngFacts(bytes: Buffer) {
  return {
    signature: [...bytes.subarray(0, 8)],
    chunk: bytes.subarray(12, 16).toString('latin1'),
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  };
}
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('Picture of the diagram… from the toolbar saves an SVG that parses and names every node as text; axe is content', async ({
  page,
}) => {
  await openTemplate(page, 'ML inference');
  const names = await namesOnCanvas(page);
  expect(names.length).toBeGreaterThan(10);
  await canvas(page).getByRole('button', { name: 'Picture of the diagram…' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('radio', { name: /^SVG/ })).toBeFocused();
  // Nothing is selected: the selection cannot be chosen.
  await expect(dialog(page).getByRole('radio', { name: /^The selection/ })).toBeDisabled();

  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const { name, bytes } = await exportFromDialog(page, 'SVG', 'Dark');
  expect(name).toBe('ml-inference-service-diagram.svg');
  const svg = await readSvg(page, bytes.toString('utf8'));
  expect(svg.error).toBeNull();
  expect(svg.root).toBe('svg');
  for (const n of names) expect(svg.texts.some((t) => t.includes(n))).toBe(true);
  expect(svg.texts.some((t) => t.includes('myacr.azurecr.io/ml-serving/inference-server:4.2.1'))).toBe(true);
  expect(svg.background).toBe('#0f1419'); // the dark theme's background
  expect(svg.elements).not.toContain('image');
  expect(svg.elements).not.toContain('foreignObject');
  // The focus is back where it was.
  await expect(canvas(page).getByRole('button', { name: 'Picture of the diagram…' })).toBeFocused();
});

test('from the palette, a PNG: a real PNG, twice the size, not blank', async ({ page }) => {
  await openTemplate(page, 'E-commerce frontend');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Search commands' })).toBeFocused();
  await page.keyboard.type('export diagram');
  await expect(page.getByRole('dialog', { name: 'Commands' }).getByRole('option', { selected: true })).toHaveText(
    /^Picture of the diagram…/,
  );
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  const { name, bytes } = await exportFromDialog(page, 'PNG', 'Light');
  expect(name).toBe('ecommerce-frontend-diagram.png');
  const png = pngFacts(bytes);
  expect(png.signature).toEqual(PNG_SIGNATURE);
  expect(png.chunk).toBe('IHDR');
  const svgText = await page.evaluate(() => window.scoreDesigner!.exportDiagram({ format: 'svg', theme: 'light' }));
  const size = svgText.match(/<svg[^>]* width="(\d+)" height="(\d+)"/)!;
  expect([png.width, png.height]).toEqual([2 * Number(size[1]), 2 * Number(size[2])]);
  expect(bytes.length).toBeGreaterThan(20_000); // words and lines drawn, not an empty image
});

test('the key E on a node selected from the keyboard exports the selection alone', async ({ page }) => {
  await openTemplate(page, 'E-commerce frontend');
  const node = canvas(page).locator('.react-flow__node[data-id^="container:"]').first();
  const nodeName = (await node.locator('.graph-node-name').textContent())!;
  await node.focus();
  await page.keyboard.press('Enter'); // selects it
  await expect(node).toHaveClass(/selected/);
  await page.keyboard.press('e');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('radio', { name: /^The selection/ })).toBeEnabled();
  const { bytes } = await exportFromDialog(page, 'SVG', 'Light', 'The selection');
  const svg = await readSvg(page, bytes.toString('utf8'));
  expect(svg.error).toBeNull();
  const others = (await namesOnCanvas(page)).filter((n) => n !== nodeName);
  expect(others.length).toBeGreaterThan(5);
  // Each name is one text of its own (the workload's after its kind).
  expect(svg.texts).toContain(nodeName);
  for (const other of others) expect(svg.texts, other).not.toContain(other);
  expect(svg.texts.filter((t) => t.startsWith('Workload '))).toEqual([]);
});

test('the automation API: exportDiagram (SVG text, PNG as base64) and view()', async ({ page }) => {
  await openTemplate(page, 'Data pipeline worker');
  const names = await namesOnCanvas(page);
  const svg = await page.evaluate(() => window.scoreDesigner!.exportDiagram({ format: 'svg', theme: 'dark' }));
  const read = await readSvg(page, svg);
  expect(read.error).toBeNull();
  for (const n of names) expect(read.texts.some((t) => t.includes(n))).toBe(true);

  const base64 = await page.evaluate(() => window.scoreDesigner!.exportDiagram({ format: 'png' }));
  const bytes = Buffer.from(base64, 'base64');
  expect(pngFacts(bytes).signature).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBeGreaterThan(10_000);

  const refused = await page.evaluate(() =>
    window.scoreDesigner!.exportDiagram({ format: 'gif' as 'svg' }).then(
      () => 'done',
      (e: Error) => e.message,
    ),
  );
  expect(refused).toMatch(/format: 'svg' \| 'png'/);
  const none = await page.evaluate(() =>
    window.scoreDesigner!.exportDiagram({ format: 'svg', selection: true }).then(
      () => 'done',
      (e: Error) => e.message,
    ),
  );
  expect(none).toBe('Nothing is selected on the graph');

  const view = () => page.evaluate(() => window.scoreDesigner!.view());
  const before = await view();
  expect(before).toEqual({ zoom: expect.any(Number), x: expect.any(Number), y: expect.any(Number) });
  const transform = await canvas(page).locator('.react-flow__viewport').getAttribute('style');
  expect(transform).toContain(`scale(${before.zoom})`);
  await canvas(page).getByRole('button', { name: 'Zoom In' }).click();
  await expect.poll(async () => (await view()).zoom).toBeGreaterThan(before.zoom);
});

test('names holding markup are drawn as their characters', async ({ page }) => {
  await openTemplate(page);
  await setText(
    page,
    `apiVersion: score.dev/v1b1
metadata:
  name: "a&b"
containers:
  "<script>alert(1)</script>":
    image: "<img src=x onerror=alert(1)>"
resources:
  "x&amp;y":
    type: postgres
`,
  );
  await expect(canvas(page).locator('.graph-node-name', { hasText: '<script>' })).toBeVisible();
  const svg = await page.evaluate(() => window.scoreDesigner!.exportDiagram({ format: 'svg' }));
  const read = await readSvg(page, svg);
  expect(read.error).toBeNull();
  expect(read.elements).not.toContain('script');
  expect(read.elements).not.toContain('img');
  for (const name of ['a&b', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'x&amp;y']) {
    expect(
      read.texts.some((t) => t.includes(name)),
      name,
    ).toBe(true);
  }
});
