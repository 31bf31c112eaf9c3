import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createKey, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { app, expect, savedDraft, setText, templateButton, test, textOf, waitForEditor } from './fixtures';

/**
 * The app as `score-designer serve` serves it: its library starts out on that server, a save goes
 * there and comes back byte for byte (comments and all), and a save over a version someone else
 * changed meanwhile offers to overwrite theirs or reload it. The server is a real one, on a free
 * 127.0.0.1 port, on its embedded database in a temporary folder.
 */
let server: ServerProcess | undefined;
let dataDir = '';
let origin = '';
let key = '';

const workload = (name: string, image = 'nginx:1.27') =>
  `# ${name} — kept byte for byte ✓\napiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}   # the library's key\n` +
  `containers:\n  web:\n    image: "${image}"\n    variables:\n      GREETING: 'héllo, wörld'   \n# end`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'score-designer-e2e-'));
  key = createKey(dataDir, 'e2e');
  server = await startServerProcess(dataDir);
  origin = new URL(server.apiUrl).origin;
});

test.afterAll(async () => {
  await server?.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
/** The workload's text as the server keeps it. */
async function storedText(name: string): Promise<string> {
  const response = await fetch(`${origin}/v1/workloads/${name}`, {
    headers: { 'X-API-Key': key, Accept: 'application/x-yaml' },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Someone else saves the workload, straight through the API. */
async function saveElsewhere(name: string, text: string) {
  const response = await fetch(`${origin}/v1/workloads/${name}`, {
    method: 'PUT',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/x-yaml' },
    body: text,
  });
  expect(response.status).toBe(200);
}

const saveState = (page: Page) => page.getByRole('status', { name: 'Save status' });

test.describe('the app served by score-designer serve', () => {
  // Refusals the test provokes (the key not yet entered, a stale version) show in the console as failed loads.
  test.use({ expectedConsoleErrors: [[/status of 4(01|12)/], { scope: 'test' }] });

  test('saves to its server and opens from it byte for byte; a stale save offers overwrite or reload', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`${origin}/`);
    await templateButton(page, 'Hello world').click();
    await waitForEditor(page);
    const text = workload('served-e2e');
    await setText(page, text);

    // The library is already on this server, which wants a key: the save is refused, the text is kept.
    await page.keyboard.press('Control+s');
    const alert = page.getByRole('alert', { name: 'Save failed' });
    await expect(alert).toContainText('This server needs credentials');
    await expect(alert).toContainText('Your text is kept');
    await expect.poll(() => savedDraft(page)).toBe(text);

    // The notice leads to the settings, already on this server: only the API key is asked for.
    await alert.getByRole('button', { name: 'Library settings…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Library settings' });
    await expect(dialog.getByRole('radio', { name: /On a server/ })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(`${origin}/v1`);
    await dialog.getByLabel('API key').fill(key);
    await dialog.getByRole('button', { name: 'Use these settings' }).click();
    await page.keyboard.press('Control+s');
    await expect(saveState(page)).toHaveText('Saved');
    expect(await storedText('served-e2e')).toBe(text);

    const main = page.getByRole('main', { name: 'Workload library' });
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await expect(main.locator('tbody tr[data-workload="served-e2e"]')).toBeVisible();
    await expect(main).not.toContainText('comments and formatting are not kept');
    await main.getByRole('button', { name: 'Back to the workload' }).click();

    // Open something else, then the saved one: the text comes back exactly.
    await setText(page, workload('other-one'));
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await main.locator('tbody tr[data-workload="served-e2e"]').getByRole('button', { name: 'Open served-e2e' }).click();
    await page
      .getByRole('dialog', { name: 'Replace your changes?' })
      .getByRole('button', { name: 'Discard changes and open' })
      .click();
    await expect(app(page).workloadName).toContainText('served-e2e');
    expect(await textOf(page)).toBe(text);

    // Someone saves it meanwhile; saving here asks, and "Overwrite theirs" puts this text on the server.
    await saveElsewhere('served-e2e', workload('served-e2e', 'nginx:1.28'));
    const mine = `${text}\n# mine\n`;
    await setText(page, mine);
    await page.keyboard.press('Control+s');
    const changed = page.getByRole('dialog', { name: '“served-e2e” changed on the server' });
    await changed.getByRole('button', { name: 'Overwrite theirs' }).click();
    await expect(saveState(page)).toHaveText('Saved');
    expect(await storedText('served-e2e')).toBe(mine);

    // Again; this time "Reload theirs…" (and, asked, drop the changes here): their text is in the editor.
    const theirs = workload('served-e2e', 'nginx:1.29');
    await saveElsewhere('served-e2e', theirs);
    await setText(page, `${mine}# again\n`);
    await page.keyboard.press('Control+s');
    await changed.getByRole('button', { name: 'Reload theirs…' }).click();
    await page
      .getByRole('dialog', { name: 'Replace your changes?' })
      .getByRole('button', { name: 'Discard changes and open' })
      .click();
    await expect.poll(() => textOf(page)).toBe(theirs);
    await expect(saveState(page)).toHaveText('Saved');
    expect(await storedText('served-e2e')).toBe(theirs);

    // After a page reload the app still knows which version its text is: a save made elsewhere
    // meanwhile is not overwritten unasked.
    await page.reload();
    await waitForEditor(page);
    await expect.poll(() => textOf(page)).toBe(theirs);
    await saveElsewhere('served-e2e', workload('served-e2e', 'nginx:1.30'));
    const afterReload = `${theirs}\n# after the reload\n`;
    await setText(page, afterReload);
    await page.keyboard.press('Control+s');
    await changed.getByRole('button', { name: 'Overwrite theirs' }).click();
    await expect(saveState(page)).toHaveText('Saved');
    expect(await storedText('served-e2e')).toBe(afterReload);
  });
});
