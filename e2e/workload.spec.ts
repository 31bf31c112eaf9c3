import { app, expect, offsetOf, openApp, problemPosition, test } from './fixtures';

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

test.beforeEach(async ({ page }) => {
  await openApp(page);
});

test('starts with the hello world workload, valid', async ({ page }) => {
  const ui = app(page);
  await expect(ui.editor).toHaveValue(/name: hello-world/);
  await expect(ui.workloadName).toContainText('hello-world');
  await expect(ui.status).toHaveText('Valid');
  await expect(ui.problems).toHaveCount(0);
  await expect(page).toHaveTitle('hello-world — Score Designer');
});

for (const template of [
  { title: 'E-commerce frontend', name: 'ecommerce-frontend' },
  { title: 'Data pipeline worker', name: 'data-pipeline-worker' },
  { title: 'ML inference service', name: 'ml-inference-service' },
  { title: 'Hello world', name: 'hello-world' },
]) {
  test(`the template "${template.title}" opens and is shown as Valid`, async ({ page }) => {
    const ui = app(page);
    await ui.templatePicker.selectOption({ label: template.title });
    await ui.useTemplate.click();
    await expect(ui.editor).toHaveValue(new RegExp(`name: ${template.name}\\n`));
    await expect(ui.workloadName).toContainText(template.name);
    await expect(ui.status).toHaveText('Valid');
    await expect(ui.problems.filter({ hasText: 'Error' })).toHaveCount(0);
  });
}

test('deleting the image shows the problem at the container, and choosing it puts the caret there', async ({
  page,
}) => {
  const ui = app(page);
  const before = await ui.editor.inputValue();
  const lines = before.split('\n');
  const imageLine = lines.findIndex((l) => l.trim().startsWith('image:'));
  const containerLine = lines.findIndex((l) => l.trim() === 'hello:') + 1;
  expect(imageLine).toBeGreaterThan(0);

  // Select the image line with the keyboard and delete it, as a user would.
  await ui.editor.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < imageLine; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Backspace');
  await expect(ui.editor).not.toHaveValue(/image:/);

  await expect(ui.status).toHaveText(/^1 error/);
  const problem = ui.problems.filter({ hasText: 'image' });
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText('Error');
  const at = await problemPosition(problem);
  // The problem is reported at the container that lacks the image: its key or its first remaining line.
  expect([containerLine, containerLine + 1]).toContain(at.line);

  // Move the caret away, then choose the problem: the caret goes to the problem's place.
  await page.keyboard.press('Control+End');
  await problem.getByRole('button').click();
  await expect(ui.editor).toBeFocused();
  const text = await ui.editor.inputValue();
  const caret = await ui.editor.evaluate((el: HTMLTextAreaElement) => el.selectionStart);
  expect(caret).toBe(offsetOf(text, at.line, at.column));

  // The same with the keyboard: Enter on the problem.
  await page.keyboard.press('Control+End');
  await problem.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(ui.editor).toBeFocused();
  expect(await ui.editor.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(
    offsetOf(text, at.line, at.column),
  );
});

test('opening an invalid workload file shows it and lists its problems', async ({ page }) => {
  const ui = app(page);
  await ui.fileInput.setInputFiles({
    name: 'broken.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from(invalidWorkload),
  });
  await expect(ui.editor).toHaveValue(invalidWorkload);
  await expect(ui.workloadName).toContainText('broken-shop');
  await expect(ui.status).toHaveText(/^\d+ errors?/);
  const problem = ui.problems.filter({ hasText: 'db' });
  await expect(problem.first()).toContainText('Error');
  expect((await problemPosition(problem.first())).line).toBe(8);
});

test('a binary file is refused with a clear message, and the text is kept', async ({ page }) => {
  const ui = app(page);
  await ui.editor.fill('# my unsaved work\n' + (await ui.editor.inputValue()));
  const before = await ui.editor.inputValue();
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await ui.fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes });
  await expect(ui.alert).toContainText('logo.png was not opened');
  await expect(ui.alert).toContainText(/not a text file/i);
  await expect(ui.alert).toContainText('Your text is unchanged');
  await expect(ui.editor).toHaveValue(before);
  await expect(ui.status).toHaveText('Valid');
  expect(asked, 'nothing to replace, so nothing to ask').toBe(false);

  await ui.alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(ui.alert).toHaveCount(0);
});

test('opening a file over changed text asks first', async ({ page }) => {
  const ui = app(page);
  await ui.editor.fill('# my unsaved work\n' + (await ui.editor.inputValue()));
  const changed = await ui.editor.inputValue();
  const file = { name: 'broken.yaml', mimeType: 'text/yaml', buffer: Buffer.from(invalidWorkload) };

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain('broken.yaml');
    void dialog.dismiss();
  });
  await ui.fileInput.setInputFiles(file);
  await expect(ui.editor).toHaveValue(changed);

  page.once('dialog', (dialog) => void dialog.accept());
  await ui.fileInput.setInputFiles(file);
  await expect(ui.editor).toHaveValue(invalidWorkload);

  // Freshly opened text has no changes: the next open does not ask.
  page.once('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`asked without reason: ${dialog.message()}`);
  });
  await ui.templatePicker.selectOption({ label: 'Hello world' });
  await ui.useTemplate.click();
  await expect(ui.editor).toHaveValue(/name: hello-world/);
});

test('a dropped file opens, and so does text pasted outside the editor', async ({ page }) => {
  const ui = app(page);
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'dropped.yaml', { type: 'text/yaml' }));
    return transfer;
  }, invalidWorkload);
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await expect(page.getByText('Drop the file to open it')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(ui.editor).toHaveValue(invalidWorkload);
  await expect(page.getByText('Drop the file to open it')).toHaveCount(0);

  const pasted = invalidWorkload.replace('broken-shop', 'pasted-shop');
  await page.evaluate((text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, pasted);
  await expect(ui.editor).toHaveValue(pasted);
  await expect(ui.workloadName).toContainText('pasted-shop');
});

test('HTML in names from the document is shown as text, never run', async ({ page }) => {
  const ui = app(page);
  const html = '<img src=x onerror=alert(1)>';
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`the document ran script: ${dialog.message()}`);
  });
  await ui.editor.fill(
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

test('window.scoreDesigner reads and replaces the text and reports its problems', async ({ page }) => {
  const ui = app(page);
  const text = await page.evaluate(() => window.scoreDesigner!.getText());
  expect(text).toBe(await ui.editor.inputValue());

  const diagnostics = await page.evaluate((t) => {
    window.scoreDesigner!.setText(t);
    return window.scoreDesigner!.getDiagnostics();
  }, invalidWorkload);
  await expect(ui.editor).toHaveValue(invalidWorkload);
  expect(diagnostics.some((d) => d.severity === 'error' && d.range.line === 8)).toBe(true);
  await expect(ui.problems).toHaveCount(diagnostics.length);
});
