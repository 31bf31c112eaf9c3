import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { app, caretTo, expect, openApp, openTemplate, setText, test, textOf } from './fixtures';

/**
 * The resource catalog page: browse and search the types, see what each takes and gives, add one
 * to the open workload, load a platform's provisioners file (by file, or from ?catalog= on this
 * site), and the designer then knows its types and outputs.
 * The shell opens the page with its "Catalog" button; "Back to the workload" closes it.
 */

const ACME = `- uri: template://acme/queue
  type: acme-queue
  description: A queue on the ACME message bus.
  supported_params: [retention]
  expected_outputs: [url, name]
  outputs: |
    url: amqp://bus.acme.internal/{{ .Id }}
    name: {{ .Id }}
`;

function catalog(page: Page) {
  const main = page.getByRole('main', { name: 'Resource catalog' });
  return {
    main,
    search: main.getByRole('searchbox', { name: 'Search resource types' }),
    types: main.getByRole('listbox').getByRole('option'),
    type: (name: string) => main.getByRole('option', { name: new RegExp(`^${name} `) }),
    detail: (name: string) => main.getByRole('region', { name, exact: true }),
    status: main.getByRole('status'),
    back: main.getByRole('button', { name: 'Back to the workload' }),
  };
}

async function openCatalog(page: Page) {
  await page.getByRole('button', { name: 'Catalog', exact: true }).click();
  await expect(catalog(page).main).toBeVisible();
}

test('search the catalog and browse a type with the keyboard: params, outputs, secrets and services', async ({
  page,
}) => {
  await openTemplate(page);
  await openCatalog(page);
  const c = catalog(page);
  await expect(c.types.first()).toBeVisible();
  const all = await c.types.count();
  expect(all).toBeGreaterThanOrEqual(15);

  await c.search.fill('vhost');
  await expect(c.types).toHaveCount(1);
  await expect(c.type('amqp')).toBeVisible();
  await expect(c.detail('amqp')).toContainText('Provisions a dedicated RabbitMQ vhost on a shared instance.');

  await c.search.fill('postgres');
  await expect(c.types).toHaveCount(2);
  // One tab stop into the list, then arrows move the selection and the detail follows.
  await c.search.press('Tab');
  await expect(c.type('postgres')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(c.type('postgres-instance')).toBeFocused();
  await expect(c.type('postgres-instance')).toHaveAttribute('aria-selected', 'true');
  const detail = c.detail('postgres-instance');
  await expect(detail).toBeVisible();
  const outputs = detail.getByRole('table', { name: 'Outputs' });
  await expect(outputs.getByRole('row', { name: /^host/ })).toContainText('The PostgreSQL service name.');
  const password = outputs.getByRole('row', { name: /^password/ });
  await expect(password).toContainText('secret');
  await expect(password).toContainText('hidden');
  await expect(detail).toContainText('mirror.gcr.io/postgres:17-alpine');
  await expect(detail.getByLabel('Snippet for postgres-instance')).toContainText('type: postgres-instance');

  await c.search.fill('no such thing at all');
  await expect(c.types).toHaveCount(0);
  await expect(c.main).toContainText('No resource type matches.');
});

test('"Add to workload" adds the resource through the command: the YAML gains it, one undo step', async ({ page }) => {
  await openTemplate(page);
  const before = await textOf(page);
  await openCatalog(page);
  const c = catalog(page);
  await c.search.fill('service-port');
  await c
    .detail('service-port')
    .getByRole('button', { name: /^Add to workload/ })
    .click();
  // It points at this workload (the only one the browser exports), which has no service port yet: said so.
  await expect(c.status).toHaveText(
    /^Added resource “service-port” \(service-port\) to the workload\. .*it has none yet: add one under Service ports/,
  );
  const text = await textOf(page);
  expect(text.startsWith(before.trimEnd())).toBe(true);
  expect(text).toContain(
    '  service-port:\n    type: service-port\n    params:\n      workload: hello-world\n      port: http\n',
  );

  // A second one gets a free name.
  await c
    .detail('service-port')
    .getByRole('button', { name: /^Add to workload/ })
    .click();
  expect(await textOf(page)).toContain('  service-port-2:\n    type: service-port\n');

  await c.back.click();
  const ui = app(page);
  // The YAML pane shows it (Monaco renders the lines in view: selected, the first one added is).
  await page.evaluate(() => window.scoreDesigner!.select('/resources/service-port'));
  await expect(ui.monaco.locator('.view-lines')).toContainText('service-port:    type: service-port');
  await ui.undo.click();
  const undone = await textOf(page);
  expect(undone).not.toContain('service-port-2');
  expect(undone).toContain('  service-port:\n');
});

test('"Add to workload" waits for a workload to be open', async ({ page }) => {
  await openApp(page);
  await openCatalog(page);
  const c = catalog(page);
  await expect(c.main.getByRole('button', { name: /^Add to workload/ }).first()).toBeDisabled();
});

test('a loaded provisioners file joins the catalog, first; the palette, completion and warnings know it', async ({
  page,
}) => {
  await openTemplate(page);
  await openCatalog(page);
  const c = catalog(page);
  await c.main.locator('input[type="file"]').setInputFiles({
    name: 'acme.provisioners.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(ACME),
  });
  await expect(c.status).toHaveText('Loaded acme.provisioners.yaml: 1 provisioner.');
  await expect(c.main.getByRole('listitem').filter({ hasText: 'acme.provisioners.yaml' })).toContainText(
    '1 provisioner',
  );
  await c.search.fill('acme');
  await expect(c.types).toHaveCount(1);
  const detail = c.detail('acme-queue');
  await expect(detail).toContainText('A queue on the ACME message bus.');
  await expect(detail).toContainText('acme.provisioners.yaml');
  await expect(detail.getByRole('table', { name: 'Outputs' }).getByRole('row', { name: /^url/ })).toContainText(
    'amqp://bus.acme.internal/my-workload.acme-queue',
  );
  await detail.getByRole('button', { name: /^Add to workload/ }).click();
  expect(await textOf(page)).toContain('  acme-queue:\n    type: acme-queue\n');

  // Back in the workspace: completion offers the file's outputs, and a typo is a warning with a suggestion.
  await c.back.click();
  const ui = app(page);
  // The canvas palette offers the file's type too.
  await ui.graph.getByRole('button', { name: 'Add resource' }).click();
  await expect(
    ui.graph.getByRole('group', { name: 'Resource types' }).getByRole('button', { name: /acme-queue/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await setText(
    page,
    `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      PLAIN: x
resources:
  jobs:
    type: acme-queue
`,
  );
  await caretTo(page, 8, 15);
  await page.keyboard.type(' ${resources.jobs.');
  const suggestions = ui.monaco.locator('.suggest-widget');
  await expect(suggestions).toBeVisible();
  await expect(suggestions).toContainText('url');
  await page.keyboard.press('Escape');
  await page.keyboard.type('urll}');
  const problem = ui.problems.filter({ hasText: 'urll' });
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText('Did you mean "url"?');

  // The file stays loaded after a reload (a demo survives it).
  await page.reload();
  await openCatalog(page);
  await catalog(page).search.fill('acme');
  await expect(catalog(page).types).toHaveCount(1);
});

test('?catalog= loads a provisioners file from this site, and the page passes axe', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/catalogs/acme.provisioners.yaml',
    (route) => route.fulfill({ status: 200, contentType: 'application/yaml', body: ACME }),
  );
  await page.goto('/?catalog=/catalogs/acme.provisioners.yaml');
  await openCatalog(page);
  const c = catalog(page);
  await expect(c.main.getByRole('listitem').filter({ hasText: 'acme.provisioners.yaml' })).toContainText(
    '/catalogs/acme.provisioners.yaml',
  );
  await c.search.fill('acme');
  await expect(c.types).toHaveCount(1);
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test.describe('a catalog address on another site', () => {
  test.use({ expectedConsoleErrors: [] });
  test('is not fetched', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/?catalog=http://127.0.0.2:9/evil.provisioners.yaml');
    await openCatalog(page);
    expect(requested.filter((u) => new URL(u).hostname !== '127.0.0.1')).toEqual([]);
    await expect(app(page).alert).toContainText('is on another site');
    await expect(catalog(page).main.getByRole('listitem').filter({ hasText: 'evil' })).toHaveCount(0);
  });
});
