import type { Page } from '@playwright/test';
import { app, caretTo, expect, openTemplate, setText, test, textOf } from './fixtures';

/**
 * A resource type from a loaded provisioners file is a type like any other everywhere a type is
 * chosen: the YAML pane's suggestions after `type:`, the inspector's type list and the canvas palette,
 * each marking it as coming from that file (issue #34, item 3).
 */
const FILE = 'acme.provisioners.yaml';
const ACME = `- uri: template://acme/ledger
  type: acme-ledger
  description: A ledger on the ACME accounting service.
  expected_outputs: [url, account]
  outputs: |
    url: https://ledger.acme.internal/{{ .Id }}
    account: {{ .Id }}
`;

async function loadAcme(page: Page) {
  await page.getByRole('button', { name: 'Catalog', exact: true }).click();
  const main = page.getByRole('main', { name: 'Resource catalog' });
  await main.locator('input[type="file"]').setInputFiles({
    name: FILE,
    mimeType: 'application/yaml',
    buffer: Buffer.from(ACME),
  });
  await expect(main.getByRole('status')).toHaveText(`Loaded ${FILE}: 1 provisioner.`);
  await main.getByRole('button', { name: 'Back to the workload' }).click();
}

const WORKLOAD = `apiVersion: score.dev/v1b1
metadata:
  name: books
containers:
  web:
    image: nginx
resources:
  ledger:
    type: acme
`;

test('a type from a loaded provisioners file is suggested after type: in the YAML pane, marked with its file', async ({
  page,
}) => {
  await openTemplate(page);
  await loadAcme(page);
  await setText(page, WORKLOAD);
  const ui = app(page);
  await expect(ui.monaco.locator('.view-lines')).toContainText('type: acme');

  // The caret after `type: acme`, then Ctrl+Space: the catalog's types, the file's one named with its file.
  await caretTo(page, 9, 15);
  await page.keyboard.press('Control+Space');
  const suggestions = ui.monaco.locator('.suggest-widget');
  await expect(suggestions).toBeVisible();
  const entry = suggestions.getByRole('option', { name: /acme-ledger/ });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(`from ${FILE}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => textOf(page)).toContain('  ledger:\n    type: acme-ledger\n');
});

test('a type from a loaded provisioners file is in the inspector’s type list and the palette, marked with its file', async ({
  page,
}) => {
  await openTemplate(page);
  await loadAcme(page);
  await setText(page, WORKLOAD.replace('type: acme\n', 'type: acme-ledger\n'));
  const ui = app(page);

  await page.evaluate(() => window.scoreDesigner!.select('/resources/ledger'));
  const typeField = ui.inspector.getByRole('combobox', { name: /^Type/ });
  await expect(typeField).toHaveValue('acme-ledger');
  const listId = await typeField.getAttribute('list');
  expect(listId).toBeTruthy();
  const option = page.locator(`datalist[id="${listId!}"] option[value="acme-ledger"]`);
  await expect(option).toHaveCount(1);
  await expect(option).toHaveAttribute('label', new RegExp(`from ${FILE.replace(/\./g, '\\.')}`));
  // Built-in types stay in the list, unmarked.
  await expect(page.locator(`datalist[id="${listId!}"] option[value="postgres"]`)).toHaveAttribute(
    'label',
    'PostgreSQL database',
  );
  // What the resource gives is said to come from the file.
  await expect(ui.inspector.getByRole('region', { name: 'Outputs of ledger' })).toContainText(`from ${FILE}`);

  await ui.graph.getByRole('button', { name: 'Add resource' }).click();
  await expect(
    ui.graph.getByRole('group', { name: 'Resource types' }).getByRole('button', { name: /acme-ledger/ }),
  ).toContainText(`from ${FILE}`);
});
