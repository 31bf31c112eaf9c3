import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { app, expect, openTemplate, savedDraft, setText, test, textOf } from './fixtures';

/**
 * The orchestrator's view: a platform configuration and admission policies loaded in the app, the
 * Status pane previewing what the score-orchestrator would say after each check, and a policy's
 * denial shown as an error on the node, under the field and in Problems, like any other problem.
 */

/** The worker answers after the check, off the page; on a loaded 2-core machine it may take seconds to start. */
const WORKER_ANSWER = { timeout: 20_000 };

const example = (path: string) => readFileSync(new URL(`../examples/${path}`, import.meta.url));
const CONFIG = example('platform/orchestrator-config.yaml');
const POLICIES = example('policies/platform-basics.yaml');

const READY = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/owner: team-shop
containers:
  web:
    image: nginx:1.27
    resources:
      limits:
        cpu: 500m
        memory: 256Mi
service:
  ports:
    www:
      port: 8080
`;

const statusPane = (page: Page) => page.getByRole('region', { name: /^Status/ });
const node = (page: Page, id: string) => app(page).graph.locator(`.react-flow__node[data-id="${id}"]`);

/** Runs an intent from the command palette, as a keyboard user would. */
async function runFromPalette(page: Page, label: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog');
  await palette.getByRole('combobox').fill(label);
  await expect(palette.getByRole('option').first()).toContainText(label);
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

/** Loads platform files through the Status pane's file chooser. */
async function loadFiles(page: Page, files: Array<{ name: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser');
  await statusPane(page).getByRole('button', { name: 'Load platform file…' }).click();
  await (await chooser).setFiles(files.map((f) => ({ ...f, mimeType: 'application/yaml' })));
}

test('a Deny policy shows as an error on the node and the field and makes the workload not Ready; fixing it makes it Ready again', async ({
  page,
}) => {
  await openTemplate(page);
  await setText(page, READY);
  const ui = app(page);
  await expect(statusPane(page)).toHaveCount(0); // off until asked for

  await runFromPalette(page, 'Orchestrator status');
  const pane = statusPane(page);
  await expect(pane).toBeVisible();
  // Without a platform the runtime cannot be chosen.
  await expect(pane.locator('.status-badge')).toHaveText('Not ready', WORKER_ANSWER);

  // A malformed configuration is refused with its line; then the real one and the policies load.
  await loadFiles(page, [
    { name: 'broken.yaml', buffer: Buffer.from(CONFIG.toString().replace('priority: 100', 'priority: high')) },
  ]);
  await expect(ui.alert).toContainText(/“broken\.yaml” was not loaded: line \d+: .*priority must be a whole number/);
  await expect(pane.getByText('broken.yaml')).toHaveCount(0);
  await loadFiles(page, [
    { name: 'orchestrator-config.yaml', buffer: CONFIG },
    { name: 'platform-basics.yaml', buffer: POLICIES },
  ]);
  await expect(pane.getByText('platform-basics.yaml')).toBeVisible();
  await expect(pane.locator('.status-badge')).toHaveText('Ready', WORKER_ANSWER);
  await expect(pane.getByRole('button', { name: /^Profile web-services/ })).toBeVisible();
  await expect(pane.getByRole('button', { name: /^http:\/\/localhost:8080/ })).toBeVisible();

  // latest is denied: an error on the node, under the field, in Problems; the status is not Ready.
  await setText(page, READY.replace('nginx:1.27', 'nginx:latest'));
  await expect(pane.locator('.status-badge')).toHaveText('Not ready', WORKER_ANSWER);
  await expect(ui.status).toContainText('· Policy: 1 error');
  const denial = ui.problems.filter({ hasText: 'POLICY_VIOLATION' });
  await expect(denial).toHaveCount(1);
  await expect(denial).toContainText('Error');
  await expect(denial).toContainText('every image must name a version');
  await expect(node(page, 'container:web').getByRole('button', { name: /problem/ })).toBeVisible();
  const inputs = pane.getByRole('button', { name: /^InputsValid False PolicyViolation/ });
  await inputs.click(); // shows its place, as a problem's row does
  await expect(ui.selected).toHaveText('/containers/web/image');
  const image = ui.inspector.getByLabel('Image', { exact: true });
  await expect(ui.inspector.locator('.field-problem.error')).toContainText('every image must name a version');

  // Fixed in the form: the denial goes and the workload is Ready again.
  await image.fill('nginx:1.28');
  await image.blur();
  await expect.poll(() => textOf(page)).toContain('image: nginx:1.28');
  await expect(pane.locator('.status-badge')).toHaveText('Ready', WORKER_ANSWER);
  await expect(denial).toHaveCount(0);
  await expect(ui.status).toHaveText(/^✓ Valid/);
  await expect(ui.status).not.toContainText('Policy');

  // The platform is kept: after a reload the pane is there with its files and the same verdict.
  await expect.poll(() => savedDraft(page), WORKER_ANSWER).toContain('image: nginx:1.28');
  await page.reload();
  await expect(statusPane(page).locator('.status-badge')).toHaveText('Ready', WORKER_ANSWER);
  await expect(statusPane(page).getByText('orchestrator-config.yaml')).toBeVisible();
});

test('the example platform loads with one click; the Workload resource can be downloaded; axe finds nothing serious', async ({
  page,
}) => {
  await openTemplate(page);
  await setText(page, READY.replace('  annotations:\n    example.com/owner: team-shop\n', ''));
  await runFromPalette(page, 'Orchestrator status');
  const pane = statusPane(page);
  await pane.getByRole('button', { name: 'Load example platform' }).click();
  await expect(page.locator('.notice[role="status"]')).toContainText('Loaded orchestrator-config.yaml');
  await expect(pane.locator('.status-badge')).toHaveText('Ready', WORKER_ANSWER);
  // The owner annotation is a Warn: a warning, and the workload still Ready.
  await expect(app(page).status).toContainText('· Policy: 1 warning');

  const download = page.waitForEvent('download');
  await pane.getByRole('button', { name: 'Download Workload YAML' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('shop.workload.yaml');
  const saved = readFileSync((await file.path())!, 'utf8');
  expect(saved).toMatch(/^apiVersion: score\.dev\/v1b1\nkind: Workload\n/);

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);

  // Off: the pane and what it found go.
  await pane.getByRole('button', { name: 'Turn off' }).click();
  await expect(statusPane(page)).toHaveCount(0);
  await expect(app(page).status).not.toContainText('Policy');
  await expect(app(page).problems.filter({ hasText: 'POLICY_VIOLATION' })).toHaveCount(0);
});
