import type { Page } from '@playwright/test';
import { app, expect, openApp, openTemplate, templateButton, test, waitForEditor } from './fixtures';

/**
 * Export readiness: after each check the validation worker runs the Compose export of the workload,
 * and what it would refuse shows as a problem like any other (in Problems, on the node, in the
 * status), before the user clicks Export. A provisioners file is checked as it is loaded.
 */

/** The worker answers after the check, off the page; on a loaded 2-core machine it may take seconds to start. */
const WORKER_ANSWER = { timeout: 20_000 };

const node = (page: Page, id: string) => app(page).graph.locator(`.react-flow__node[data-id="${id}"]`);

test('a template that cannot be exported says so in the status, in Problems and on its node, before any click on Export', async ({
  page,
}) => {
  await openApp(page);
  await templateButton(page, 'E-commerce frontend').click();
  await waitForEditor(page);
  const ui = app(page);
  await expect(ui.status).toHaveText(/^✓ Valid, \d+ warnings · Compose export: 1 problem$/, WORKER_ANSWER);
  // The catalog's warning there names the cause (and its fix); it says the export stops there too.
  const badge = node(page, 'resource:session-secrets').getByRole('button', { name: '1 problem, show the first' });
  await badge.click();
  const problem = ui.problemsRegion.locator('.problem[aria-current="true"]');
  await expect(problem).toContainText('NO_PROVISIONER');
  await expect(problem).toContainText('no provisioner for type "secret"');
  await expect(problem).toContainText('The Compose export stops here.');
  await expect(ui.selected).toHaveText('/resources/session-secrets/type');

  // A workload that exports reads Valid alone.
  await ui.newFromTemplate.click();
  await templateButton(page, 'Hello world').click();
  await expect(ui.status).toHaveText('✓ Valid');
  await expect(ui.problems).toHaveCount(0);
});

test('a provisioners file whose template does not parse is refused with its line, and not listed', async ({ page }) => {
  await openTemplate(page);
  await page.getByRole('button', { name: 'Catalog', exact: true }).click();
  const main = page.getByRole('main', { name: 'Resource catalog' });
  await expect(main).toBeVisible();
  await main.locator('input[type="file"]').setInputFiles({
    name: 'acme.provisioners.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(`# ACME's queues
- uri: template://acme/queue
  type: acme-queue
  outputs: |
    name: {{ .Id }}
    url: amqp://bus.acme.internal/{{ .Id }
`),
  });
  await expect(main.getByRole('alert')).toContainText(
    'acme.provisioners.yaml, line 6: the outputs template of provisioner 0 (template://acme/queue) does not parse',
  );
  await main.getByRole('searchbox', { name: 'Search resource types' }).fill('acme');
  await expect(main.getByRole('listbox').getByRole('option')).toHaveCount(0);
});
