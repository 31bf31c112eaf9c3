import { readFile } from 'node:fs/promises';
import {
  app,
  expect,
  exportMenu,
  longestPause,
  setText,
  startHeartbeat,
  templateButton,
  test,
  waitForEditor,
} from './fixtures';

/**
 * A provisioners file whose template is slow but within the template budget (hashes of a megabyte,
 * about a second per resource on a loaded 2-core machine, well under the 5 s budget): the Compose
 * preview, the placeholder hover and the Export are worked out in the validation worker, so that the
 * tab stays responsive while they run, and they show the right content once done. Before, they ran
 * on the page and froze it for as long as the templates ran (three resources: seconds).
 *
 * The template is slow only for a workload's own resources, not for the catalog's sample runs (of
 * "my-workload"), so that reading the file is quick.
 */
const SLOW = `- uri: template://acme/slow-db
  type: postgres
  outputs: |
    host: {{ if ne .SourceWorkload "my-workload" }}{{ range until 6 }}{{ $x := repeat 1000000 "a" | sha256sum }}{{ end }}{{ end }}slow-{{ .SourceWorkload }}
    port: 5432
`;

const shop = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      ORDERS_HOST: \${resources.orders.host}
      AUDIT_HOST: \${resources.audit.host}
      DB_HOST: \${resources.db.host}
resources:
  db:
    type: postgres
  orders:
    type: postgres
  audit:
    type: postgres
`;

test('with a slow provisioner, the Compose preview, the placeholder hover and the Export are worked out apart: the tab stays responsive', async ({
  page,
}) => {
  await startHeartbeat(page);
  await page.route(
    (url) => url.pathname === '/catalogs/slow.provisioners.yaml',
    (route) => route.fulfill({ status: 200, contentType: 'application/yaml', body: SLOW }),
  );
  await page.goto('/?catalog=/catalogs/slow.provisioners.yaml');
  await templateButton(page, 'Hello world').click();
  await waitForEditor(page);
  const ui = app(page);
  await setText(page, shop);
  await expect(ui.workloadName).toContainText('shop');
  const from = await page.evaluate(() => performance.now());

  // The Compose preview: its export runs the slow template for each of the three resources.
  await page.getByRole('tab', { name: 'Compose preview' }).click();
  const preview = page.getByRole('region', { name: 'Compose preview' });
  // While it is worked out, the preview says so (the page, free, shows it).
  await expect(preview.getByRole('status')).toHaveText('Working out the export…');
  const code = preview.getByLabel('compose.yaml');
  await expect(code).toContainText('DB_HOST: slow-shop', { timeout: 60_000 });
  await expect(code).toContainText('AUDIT_HOST: slow-shop');
  const previewed = await code.textContent();

  // The hover over a placeholder in the YAML (the preview's tab beside it): its export, in the worker too.
  await page.getByRole('tab', { name: 'Score YAML' }).click();
  const line = ui.monaco.locator('.view-line', { hasText: 'ORDERS_HOST: ${resources.orders.host}' }).locator('> span');
  const hover = ui.monaco.locator('.monaco-hover').filter({ hasText: 'Becomes' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    const box = (await line.boundingBox())!;
    await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
    await expect(hover).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(hover).toContainText('slow-shop');

  // The Export: the same export as the preview's (one per change), downloaded.
  const started = page.waitForEvent('download');
  const menu = exportMenu(page);
  await menu.button.click();
  await menu.item('Download compose.yaml').click();
  const downloaded = await readFile((await (await started).path())!, 'utf8');
  await expect(menu.report).toContainText('compose.yaml downloaded');
  expect(downloaded).toContain('DB_HOST: slow-shop');
  expect(downloaded).toBe(previewed);

  const pause = await longestPause(page, from);
  // A few long tasks of the page's own under load; the templates, on the page, took seconds.
  test.info().annotations.push({ type: 'longest gap between heartbeats (ms)', description: String(Math.round(pause)) });
  expect(pause).toBeLessThan(2_500);
});
