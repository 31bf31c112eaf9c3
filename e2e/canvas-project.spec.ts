import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { app, expect, openTemplate, setText, test, textOf } from './fixtures';

/**
 * A project on the canvas (issue 33, item 3), with real gestures: a second workload added from the
 * canvas's toolbar, a service-port resource that names the first drawn as a link to it, the first
 * taken up by its peer node and closed from its context menu — and then the link's problem at its
 * place; the Compose preview of the whole project; the project kept across a reload. Waits are for
 * what the user sees, with room for a loaded machine.
 */

test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

const A = `apiVersion: score.dev/v1b1
metadata:
  name: workload-a
containers:
  web:
    image: nginx
service:
  ports:
    web:
      port: 8080
      targetPort: 80
`;
const B = `apiVersion: score.dev/v1b1
metadata:
  name: workload-b
containers:
  example:
    image: busybox
    variables:
      DEPENDENCY_URL: "http://\${resources.dependency.hostname}:\${resources.dependency.port}"
resources:
  dependency:
    type: service-port
    params:
      workload: workload-a
      port: web
`;

const canvas = (page: Page) => app(page).graph.locator('.graph-canvas');
const nodeOf = (page: Page, id: string) => canvas(page).locator(`.react-flow__node[data-id="${id}"]`);
const links = (page: Page) => canvas(page).locator('.react-flow__edge.link');
const names = (page: Page) => page.evaluate(() => window.scoreDesigner!.workloads().map((w) => w.name));

/** Workload a, then workload b added beside it from the canvas's toolbar and written. */
async function openProject(page: Page) {
  await openTemplate(page);
  await setText(page, A);
  await expect(nodeOf(page, 'container:web')).toBeVisible(slow);
  await canvas(page)
    .getByRole('toolbar', { name: 'Graph tools' })
    .getByRole('button', { name: 'Add workload' })
    .click();
  // The new workload is edited: a blank one, named apart from the first; the first is its peer.
  await expect(nodeOf(page, 'peer:workload-a')).toBeVisible(slow);
  await expect.poll(() => names(page), slow).toEqual(['workload-a', 'my-workload']);
  await setText(page, B);
  await expect(nodeOf(page, 'resource:dependency')).toBeVisible(slow);
}

test('a service-port names another workload of the project: a link to it, and its problem once that workload is closed', async ({
  page,
}) => {
  await openProject(page);
  await expect(links(page)).toHaveCount(1, slow);
  await expect(links(page).first()).toHaveAttribute('aria-label', /port web/);
  await expect(app(page).status).toHaveText(/Valid/, slow);
  await expect(app(page).problemCount).toHaveText('0', slow);

  // Taken up by its node: the YAML, the inspector and the canvas show workload a, and b is the peer.
  await nodeOf(page, 'peer:workload-a').getByRole('button', { name: 'Edit workload workload-a' }).click();
  await expect(nodeOf(page, 'peer:workload-b')).toBeVisible(slow);
  await expect(app(page).workloadName).toHaveText(/workload-a$/, slow);
  expect(await textOf(page)).toBe(A);
  await expect(links(page)).toHaveCount(1, slow); // b's service-port reaches a's port

  // Closed from the context menu of its own node: b is edited again, and its link has nowhere to go.
  await nodeOf(page, 'workload').click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Close workload' }).click();
  // Its text was written over the template it began as: closing it asks first.
  await app(page).dialog.getByRole('button', { name: 'Close and lose the changes' }).click();
  await expect(app(page).workloadName).toHaveText(/workload-b$/, slow);
  await expect.poll(() => names(page), slow).toEqual(['workload-b']);
  await expect(nodeOf(page, 'peer:workload-a')).toHaveCount(0);
  await expect(links(page)).toHaveCount(0);
  const problem = app(page).problems.filter({ hasText: 'which is not in the project' });
  await expect(problem).toHaveCount(1, slow);
  await expect(problem).toContainText('links to workload "workload-a"');
  // At its place: the resource's node carries the badge.
  await expect(nodeOf(page, 'resource:dependency').locator('.graph-badge.error')).toBeVisible(slow);
});

test('the Compose preview is of the whole project, and the project outlives a reload', async ({ page }) => {
  await openProject(page);
  await app(page).yamlPane.getByRole('tab', { name: 'Compose preview' }).click();
  const preview = app(page).yamlPane;
  await expect(preview).toContainText('workload-a-web', slow);
  await expect(preview).toContainText('workload-b-example', slow);
  await expect(preview).toContainText('DEPENDENCY_URL: http://workload-a:80', slow);

  // The draft keeps both, the one edited still edited.
  await page.waitForTimeout(1500); // autosave's pause (≤ 1 s) has passed
  await page.reload();
  await expect(nodeOf(page, 'peer:workload-a')).toBeVisible(slow);
  await expect
    .poll(
      () => page.evaluate(() => window.scoreDesigner!.workloads().map((w) => `${w.name}${w.active ? '*' : ''}`)),
      slow,
    )
    .toEqual(['workload-a', 'workload-b*']);
});

test('the automation API opens and selects workloads of the project', async ({ page }) => {
  await openTemplate(page);
  await setText(page, A);
  await page.evaluate((text) => window.scoreDesigner!.openWorkload(text), B);
  await expect(nodeOf(page, 'peer:workload-a')).toBeVisible(slow);
  expect(await page.evaluate(() => window.scoreDesigner!.selectWorkload('workload-a'))).toBe(true);
  await expect(nodeOf(page, 'peer:workload-b')).toBeVisible(slow);
  expect(await textOf(page)).toBe(A);
  expect(await page.evaluate(() => window.scoreDesigner!.selectWorkload('nowhere'))).toBe(false);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on a project's canvas (${theme})`, async ({ page }) => {
    await openProject(page);
    await app(page).theme.selectOption(theme);
    await nodeOf(page, 'peer:workload-a').click();
    const results = await new AxeBuilder({ page }).include('.graph-canvas').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
