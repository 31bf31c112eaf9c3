import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { app, expect, openTemplate, savedDraftRecord, setText, test, textOf, viewSettled } from './fixtures';

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
/** The links between workloads (not the edges inside another workload's frame, `.inner`). */
const links = (page: Page) => canvas(page).locator('.react-flow__edge.link:not(.inner)');
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
  // Reloaded once the draft holds both (autosave writes after its pause; a loaded machine may take longer).
  await expect
    .poll(async () => (await savedDraftRecord(page))?.others?.length ?? 0, { timeout: 20_000, intervals: [200] })
    .toBe(1);
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

test("each workload is a group: the other's containers and resources in its frame, collapsed and opened again, and taken up by one of its nodes", async ({
  page,
}) => {
  await openProject(page);
  const groupA = nodeOf(page, 'peer:workload-a');
  const webOfA = nodeOf(page, 'in:workload-a/container:web');
  // Workload a's container, as a node of its own with its name and image, inside a's frame.
  await expect(webOfA).toBeVisible(slow);
  await expect(webOfA).toContainText('web');
  await expect(webOfA).toContainText('nginx');
  await expect(webOfA).toHaveAccessibleName('container web, image nginx, in workload workload-a, read only');
  const [frame, part] = [await groupA.boundingBox(), await webOfA.boundingBox()];
  expect(part!.x).toBeGreaterThan(frame!.x);
  expect(part!.y + part!.height).toBeLessThan(frame!.y + frame!.height);
  // The workload edited has a frame of its own, named by it, apart from a's.
  const edited = canvas(page).locator('.react-flow__node[data-id="workload-frame"]');
  await expect(edited).toContainText('workload-b', slow);
  await expect(edited).toHaveAttribute('aria-label', 'Workload workload-b, being edited');
  const own = (await edited.boundingBox())!;
  expect(own.x + own.width <= frame!.x || frame!.x + frame!.width <= own.x).toBe(true);
  // b's service-port reaches the container of a that serves the port.
  await expect(links(page)).toHaveCount(1, slow);
  await expect(links(page).first()).toHaveAttribute(
    'aria-label',
    'dependency links to port web of workload workload-a, container web',
  );

  // Collapsed from the frame's context menu: one node again, and the link goes to it.
  await webOfA.click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Collapse or expand workload' }).click();
  await expect(webOfA).toHaveCount(0, slow);
  await expect(groupA.getByRole('button', { name: 'Expand workload workload-a' })).toBeVisible(slow);
  await expect(links(page).first()).toHaveAttribute(
    'aria-label',
    'dependency links to port web of workload workload-a',
  );
  // Opened again from the keyboard (G on the node).
  await groupA.focus();
  await page.keyboard.press('g');
  await expect(webOfA).toBeVisible(slow);
  await expect(groupA.getByRole('button', { name: 'Collapse workload workload-a' })).toBeVisible();

  // A node of a, selected and Enter: a is edited, that container selected in it.
  await webOfA.click();
  await page.keyboard.press('Enter');
  await expect(app(page).workloadName).toHaveText(/workload-a$/, slow);
  expect(await textOf(page)).toBe(A);
  await expect(nodeOf(page, 'container:web')).toHaveClass(/selected/, slow);
  await expect(app(page).inspector.getByTestId('selected-pointer')).toHaveText('/containers/web', slow);
  // Now b is the group, with its resource in it, whose link reaches a's container.
  await expect(nodeOf(page, 'in:workload-b/resource:dependency')).toBeVisible(slow);
  await expect(links(page)).toHaveCount(1, slow);
  // b's own edge, inside its frame: its container uses its resource (read only, as b's parts are).
  const insideB = canvas(page).locator('.react-flow__edge.link.inner');
  await expect(insideB).toHaveCount(1, slow);
  await expect(insideB).toHaveAttribute(
    'aria-label',
    /^example uses dependency: .+, in workload workload-b, read only$/,
  );
  await expect(insideB).toHaveClass(/\buses\b/);
  // And back by a double-click on b's node, once the view has stopped moving to a.
  await viewSettled(page, slow);
  await nodeOf(page, 'in:workload-b/container:example').dblclick();
  await expect(app(page).workloadName).toHaveText(/workload-b$/, slow);
  await expect(nodeOf(page, 'container:example')).toHaveClass(/selected/, slow);
  await expect(app(page).inspector.getByTestId('selected-pointer')).toHaveText('/containers/example', slow);
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on a project's canvas (${theme})`, async ({ page }) => {
    await openProject(page);
    await app(page).theme.selectOption(theme);
    await nodeOf(page, 'in:workload-a/container:web').click();
    const results = await new AxeBuilder({ page }).include('.graph-canvas').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
