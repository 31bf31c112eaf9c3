import { app, expect, longestPause, startHeartbeat, templateButton, test, waitForEditor } from './fixtures';

/**
 * A provisioners file a link can bring to anyone's tab (`?catalog=`), whose template is slow within
 * the engine's step and output budgets: it runs in a worker, so the tab stays responsive while it
 * runs (typing still updates the canvas and the status), and it is refused with the reason, past the
 * template budget, and never stored. Before, it ran on the page and froze the tab for good.
 */
const HOSTILE = `- uri: template://acme/slow
  type: postgres
  outputs: |
    host: {{ range until 300000 }}{{ $x := repeat 4000000 "a" | sha256sum }}{{ end }}db
`;

test('a slow provisioner template from a ?catalog= link runs apart: the tab stays responsive, the file is refused and not stored', async ({
  page,
}) => {
  // The page's heartbeat, from its first script: a frozen main thread shows as a gap between beats.
  await startHeartbeat(page);
  // The file is held until the workload is open, so that its templates run while the user types.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/catalogs/slow.provisioners.yaml',
    async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/yaml', body: HOSTILE });
    },
  );
  await page.goto('/?catalog=/catalogs/slow.provisioners.yaml');
  await templateButton(page, 'Hello world').click();
  await waitForEditor(page);
  const ui = app(page);

  const from = await page.evaluate(() => performance.now());
  release();
  // Typing in the YAML pane while the template runs: the canvas and the status follow.
  await ui.editor.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n  worker:\n    image: busybox\n');
  await expect(ui.graph.getByTitle(/^worker — /)).toBeVisible();
  await expect(ui.status).toHaveText(/Valid|error|warning/);

  // The refusal names the file, the provisioner, the template and the budget.
  await expect(ui.alert).toContainText('“slow.provisioners.yaml” was not loaded');
  await expect(ui.alert).toContainText('provisioner 0 (template://acme/slow)');
  await expect(ui.alert).toContainText(/budget/);
  const to = await page.evaluate(() => performance.now());
  const gap = await longestPause(page, from, to);
  // A few long tasks of the page's own under load; the template, on the page, took the whole time.
  test.info().annotations.push({ type: 'longest gap between heartbeats (ms)', description: String(Math.round(gap)) });
  expect(gap).toBeLessThan(2_500);

  // Nothing stored: after a reload (without the link) the catalog does not have it.
  expect(await page.evaluate(() => localStorage.getItem('score-designer.catalog.v1'))).toBeNull();
  await page.goto('/');
  await page.getByRole('button', { name: 'Catalog', exact: true }).click();
  const catalog = page.getByRole('main', { name: 'Resource catalog' });
  await expect(catalog.getByRole('searchbox', { name: 'Search resource types' })).toBeVisible();
  await expect(catalog).not.toContainText('slow.provisioners.yaml');
  await expect(catalog).not.toContainText('template://acme/slow');
});
