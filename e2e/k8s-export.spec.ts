import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { exportCompose } from '../src/core/export/compose';
import { exportKubernetes } from '../src/core/export/k8s';
import {
  app,
  expect,
  exportMenu,
  openApp,
  openTemplate,
  setText,
  templateButton,
  test,
  waitForEditor,
} from './fixtures';

/**
 * The Kubernetes export in the browser: the preview beside the Compose one, following edits with
 * the changes since the last export marked; manifests.yaml equal to the core's export of the same
 * text and seed (computed here, in Node); the complete bundle; the Kubernetes export's problems in
 * Problems and the status once it is the target readiness checks. Offline, as every spec (fixtures.ts).
 */

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
    files:
      /etc/shop/app.conf:
        content: |
          db=\${resources.db.host}
resources:
  db:
    type: postgres
`;

/** The worker answers after the check, off the page; on a loaded 2-core machine it may take seconds to start. */
const WORKER_ANSWER = { timeout: 20_000 };

/** Starts a download with `start` and returns what the browser downloaded. */
async function downloaded(page: Page, start: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await start();
  const done = await started;
  return { download: done, bytes: await readFile(await done.path()) };
}

function download(page: Page, item: string) {
  return downloaded(page, async () => {
    const menu = exportMenu(page);
    await menu.button.click();
    await expect(menu.menu).toBeVisible();
    await menu.item(item).click();
  });
}

/** The Kubernetes preview: beside the YAML, in its own tab. */
async function showK8sPreview(page: Page) {
  const region = page.getByRole('region', { name: 'Kubernetes preview' });
  if (!(await region.isVisible())) await page.getByRole('tab', { name: 'Kubernetes preview' }).click();
  await expect(region).toBeVisible();
  await expect(region.getByLabel('manifests.yaml')).toBeVisible();
  return region;
}

async function seedShown(page: Page): Promise<number> {
  const preview = await showK8sPreview(page);
  const match = /Seed (\d+)/.exec((await preview.locator('.compose-seed').textContent()) ?? '');
  if (!match) throw new Error('the preview shows no seed');
  return Number(match[1]);
}

async function openShop(page: Page) {
  await openTemplate(page);
  await setText(page, shop);
  await expect(app(page).workloadName).toContainText('shop');
}

const k8sOf = (text: string, seed: number, namespace?: string) =>
  exportKubernetes([{ text, file: 'score.yaml' }], { seed, ...(namespace ? { namespace } : {}) }).files[0]!.content;

test('the Kubernetes preview follows an edit and marks what changed since the last export', async ({ page }) => {
  await openShop(page);
  const preview = await showK8sPreview(page);
  const code = preview.getByLabel('manifests.yaml');
  await expect(code).toContainText('kind: Deployment');
  await expect(code).toContainText('value: héllo');
  await expect(preview.getByRole('status')).toContainText('Not exported yet');

  const seed = await seedShown(page);
  const { download: file, bytes } = await download(page, 'Download Kubernetes manifests.yaml');
  expect(file.suggestedFilename()).toBe('manifests.yaml');
  expect(bytes.toString('utf8')).toBe(k8sOf(shop, seed));
  await expect(preview.getByRole('status')).toHaveText('Unchanged since the last export.');

  await setText(page, shop.replace('"héllo"', '"bonjour"'));
  await expect(code).toContainText('value: bonjour');
  await expect(code.locator('[data-changed]')).toHaveCount(1);
  await expect(code.locator('[data-changed]')).toContainText('value: bonjour');
  await expect(preview.getByRole('status')).toHaveText('1 line changed since the last export.');

  // An option of the export changes the manifests at once, and the download follows it.
  await preview.getByLabel('Namespace').fill('shop-ns');
  await expect(code).toContainText('namespace: shop-ns');
  const again = await download(page, 'Download Kubernetes manifests.yaml');
  expect(again.bytes.toString('utf8')).toBe(k8sOf(shop.replace('"héllo"', '"bonjour"'), seed, 'shop-ns'));
  await expect(code.locator('[data-changed]')).toHaveCount(0);
});

test('the bundle holds score.yaml, compose.yaml and its mounts, manifests.yaml and a README; compose.yaml alone offers it', async ({
  page,
}) => {
  await openShop(page);
  const seed = await seedShown(page);
  const menu = exportMenu(page);

  // compose.yaml alone mounts files it does not hold (app.conf, postgres's init script): the report says so and offers the bundle.
  await download(page, 'Download compose.yaml');
  await expect(menu.report.getByRole('group', { name: /Warnings/ })).toContainText(
    'compose.yaml mounts 2 files from .score-compose/mounts/ that it does not hold',
  );
  const { download: file, bytes } = await downloaded(page, () =>
    menu.report.getByRole('button', { name: 'Download bundle (.zip)' }).click(),
  );
  expect(file.suggestedFilename()).toBe('shop.zip');

  const files = unzipSync(new Uint8Array(bytes));
  const compose = exportCompose([{ text: shop }], { seed, projectName: 'shop' });
  // Beside the mounts (each file compose.yaml mounts, where it points), exactly these files.
  const outsideMounts = Object.keys(files).filter((p) => !p.endsWith('/') && !p.startsWith('.score-compose/mounts/'));
  expect(outsideMounts.sort()).toEqual(['README.md', 'compose.yaml', 'manifests.yaml', 'score.yaml']);
  for (const mounted of compose.files) expect(strFromU8(files[mounted.path]!)).toBe(mounted.content);
  expect(files['.score-compose/mounts/files/shop-files-app.conf']).toBeDefined();
  expect(Buffer.from(files['score.yaml']!).equals(Buffer.from(shop, 'utf8'))).toBe(true);
  expect(strFromU8(files['compose.yaml']!)).toBe(compose.compose);
  expect(strFromU8(files['manifests.yaml']!)).toBe(k8sOf(shop, seed));
  const readme = strFromU8(files['README.md']!);
  expect(readme).toContain('docker compose up');
  expect(readme).toContain('kubectl apply -f manifests.yaml');
});

test('a template Kubernetes cannot provision shows its export problem in Problems and the status, before any export', async ({
  page,
}) => {
  test.slow(); // two workloads opened, and a reload, each waiting for the worker's answer
  await openTemplate(page);
  // Showing the Kubernetes preview makes Kubernetes the target readiness checks (remembered).
  await showK8sPreview(page);
  await page.getByRole('tab', { name: 'Score YAML' }).click();
  const ui = app(page);
  await ui.newFromTemplate.click();
  await templateButton(page, 'E-commerce frontend').click();
  await waitForEditor(page);
  await expect(ui.status).toHaveText(/^✓ Valid, \d+ warnings? · Kubernetes export: \d+ problems?$/, WORKER_ANSWER);
  // The catalog's warning at the resource names the cause (and its fix); it says the Kubernetes export stops there.
  await ui.graph
    .locator('.react-flow__node[data-id="resource:session-secrets"]')
    .getByRole('button', { name: '1 problem, show the first' })
    .click();
  const problem = ui.problemsRegion.locator('.problem[aria-current="true"]');
  await expect(problem).toContainText('no provisioner for type "secret"');
  await expect(problem).toContainText('The Kubernetes export stops here.');

  // Remembered: after a reload the status still speaks of the Kubernetes export.
  await page.reload();
  await expect(ui.status).toHaveText(/· Kubernetes export: \d+ problems?$/, WORKER_ANSWER);
});

test('the Kubernetes preview has no serious accessibility violation', async ({ page }) => {
  await openShop(page);
  const preview = await showK8sPreview(page);
  await download(page, 'Download Kubernetes manifests.yaml');
  await setText(page, shop.replace('"héllo"', '"bonjour"'));
  await expect(preview.getByLabel('manifests.yaml').locator('[data-changed]')).toHaveCount(1);
  const results = await new AxeBuilder({ page }).include('.compose-view').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the start screen opens without the Kubernetes export', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await openApp(page);
  await templateButton(page, 'Hello world').click();
  await waitForEditor(page);
  // The Kubernetes exporter's code is fetched only with a preview or an export (its words mark it).
  const bodies = await Promise.all(scripts.map((url) => page.evaluate(async (u) => (await fetch(u)).text(), url)));
  expect(bodies.filter((b) => b.includes('unresolved secret ref in manifest'))).toEqual([]);
});
