import { app, expect, openApp, openTemplate, problemPosition, setText, templateButton, test, textOf } from './fixtures';

const invalidWorkload = `apiVersion: score.dev/v1b1
metadata:
  name: broken-shop
containers:
  web:
    image: nginx
    variables:
      DB_HOST: \${resources.db.host}
`;

/** A PNG's first bytes: a signature with control characters and NULs, as any binary file has. */
const pngBytes = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);

const yamlFile = (name: string, text: string) => ({ name, mimeType: 'text/yaml', buffer: Buffer.from(text) });

test('opening an invalid workload file from the start screen shows it and lists its problems', async ({ page }) => {
  await openApp(page);
  const ui = app(page);
  await ui.fileInput.setInputFiles(yamlFile('broken.yaml', invalidWorkload));
  await expect(ui.workloadName).toContainText('broken-shop');
  expect(await textOf(page)).toBe(invalidWorkload);
  await expect(ui.status).toHaveText(/\d+ errors?/);
  const problem = ui.problems.filter({ hasText: 'db' });
  await expect(problem.first()).toContainText('Error');
  expect((await problemPosition(problem.first())).line).toBe(8);
});

test('a binary file, or one that is no Score workload, is refused with a clear message; nothing changes', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(page, '# my unsaved work\n' + (await textOf(page)));
  const before = await textOf(page);

  await ui.fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes });
  await expect(ui.alert).toContainText('The file “logo.png” was not opened');
  await expect(ui.alert).toContainText(/not a text file/i);
  await expect(ui.alert).toContainText('Your workload is unchanged');
  await expect(ui.dialog).toHaveCount(0); // nothing to replace, so nothing to ask
  expect(await textOf(page)).toBe(before);
  await expect(ui.status).toHaveText(/Valid/);

  await ui.fileInput.setInputFiles(yamlFile('compose.yaml', 'services:\n  web:\n    image: nginx\n'));
  // A Compose file is offered for import (see the next test); declined, it is refused like the rest.
  await page
    .getByRole('dialog', { name: 'Import a Docker Compose file?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(ui.alert).toContainText('The file “compose.yaml” was not opened');
  await expect(ui.alert).toContainText('not a Score workload');
  await ui.fileInput.setInputFiles(yamlFile('list.yaml', '- a\n- b\n'));
  await expect(ui.alert).toContainText('a list');
  expect(await textOf(page)).toBe(before);

  await ui.alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(ui.alert).toHaveCount(0);
});

test('opening a file over changed text asks first, in a dialog', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(page, '# my unsaved work\n' + (await textOf(page)));
  const changed = await textOf(page);
  const file = yamlFile('broken.yaml', invalidWorkload);

  await ui.fileInput.setInputFiles(file);
  const ask = page.getByRole('dialog', { name: 'Replace your changes?' });
  await expect(ask).toContainText('broken.yaml');
  await expect(ask.getByRole('button', { name: 'Keep my changes' })).toBeFocused(); // the safe answer
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  expect(await textOf(page)).toBe(changed);

  await ui.fileInput.setInputFiles(file);
  await ask.getByRole('button', { name: 'Discard changes and open' }).click();
  await expect(ui.workloadName).toContainText('broken-shop');
  expect(await textOf(page)).toBe(invalidWorkload);

  // Freshly opened text has no changes: the next open does not ask.
  await ui.newFromTemplate.click();
  await templateButton(page, 'Hello world').click();
  await expect(ui.workloadName).toContainText('hello-world');
  await expect(ask).toHaveCount(0);
});

test('a dropped file opens, and so does text pasted outside the editor', async ({ page }) => {
  await openApp(page);
  const ui = app(page);
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.yaml', { type: 'text/yaml' }));
    return transfer;
  }, invalidWorkload);
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await expect(page.getByText('Drop the file to open it')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(ui.workloadName).toContainText('broken-shop');
  expect(await textOf(page)).toBe(invalidWorkload);
  await expect(page.getByText('Drop the file to open it')).toHaveCount(0);

  const pasted = invalidWorkload.replace('broken-shop', 'pasted-shop');
  await page.evaluate((text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, pasted);
  await expect(ui.workloadName).toContainText('pasted-shop');
  expect(await textOf(page)).toBe(pasted);

  // Pasted into a text field, text goes into the field even with a file beside it on the clipboard (a
  // copy from an office program carries a picture of itself): nothing is opened.
  const field = page.getByRole('textbox', { name: 'Workload name' });
  await field.focus();
  const taken = await page.evaluate(() => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', 'from-a-sheet');
    clipboardData.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'image.png', { type: 'image/png' }));
    const paste = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(paste);
    return !paste.defaultPrevented;
  });
  expect(taken).toBe(true);
  await expect(page.getByText(/was not opened/)).toHaveCount(0);
  expect(await textOf(page)).toBe(pasted);
});

test('HTML in names from the document is shown as text, never run', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  const html = '<img src=x onerror=alert(1)>';
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`the document ran script: ${dialog.message()}`);
  });
  await setText(
    page,
    [
      'apiVersion: score.dev/v1b1',
      'metadata:',
      `  name: "${html}"`,
      'containers:',
      `  "<b>web</b>":`,
      '    image: nginx',
      '    variables:',
      `      X: \${resources.<script>alert(2)</script>.host}`,
      '',
    ].join('\n'),
  );
  await expect(ui.workloadName).toContainText(html);
  await expect(page).toHaveTitle(`${html} — Score Designer`);
  await expect(ui.problems.first()).toBeVisible();
  await expect(page.locator('img, b, #root script')).toHaveCount(0);
});

test('window.scoreDesigner reads and replaces the text, runs commands, selects, and reports problems', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  const diagnostics = await page.evaluate((t) => {
    window.scoreDesigner!.setText(t);
    return window.scoreDesigner!.getDiagnostics();
  }, invalidWorkload);
  expect(await textOf(page)).toBe(invalidWorkload);
  await expect(ui.monaco.locator('.view-lines')).toContainText('broken-shop');
  expect(diagnostics.some((d) => d.severity === 'error' && d.range.line === 8)).toBe(true);
  await expect(ui.problems).toHaveCount(diagnostics.length);

  const result = await page.evaluate(() => window.scoreDesigner!.run('addResource', { name: 'db', type: 'postgres' }));
  expect(result).toMatchObject({ selection: '/resources/db' });
  await expect(ui.status).toHaveText(/Valid/);
  await expect(ui.selected).toHaveText('/resources/db');
  await page.evaluate(() => window.scoreDesigner!.select('/containers/web'));
  await expect(ui.selected).toHaveText('/containers/web');
});

test('a Docker Compose file opened is imported as a Score workload, when the user agrees (issue 38, item 7)', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  const compose = `name: shop
services:
  web:
    image: nginx:1.27
    ports:
      - "8080:80"
    environment:
      DATABASE_URL: postgres://app:secret@db:5432/app
    depends_on:
      db:
        condition: service_healthy
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: secret
      POSTGRES_DB: app
    healthcheck:
      test: ["CMD", "pg_isready"]
`;
  await ui.fileInput.setInputFiles(yamlFile('compose.yaml', compose));
  const ask = page.getByRole('dialog', { name: 'Import a Docker Compose file?' });
  await expect(ask).toContainText('is a Docker Compose file, not a Score workload');
  await ask.getByRole('button', { name: 'Import as Score' }).click();
  await expect.poll(() => textOf(page)).toContain('apiVersion: score.dev/v1b1');
  const text = await textOf(page);
  expect(text).toMatch(/containers:\n {2}web:\n {4}image: nginx:1\.27/);
  expect(text).toMatch(/type: postgres/);
  expect(text).toContain('${resources.');
  await expect(page.locator('.notice[role="status"]')).toContainText('imported from Docker Compose (2 services)');
  await expect(ui.status).toHaveText(/Valid/);
});
