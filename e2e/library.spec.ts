import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Route } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  app,
  expect,
  openTemplate,
  savedDraft,
  savedDraftRecord,
  setText,
  templateButton,
  test,
  textOf,
  waitForEditor,
} from './fixtures';

/**
 * The workload library: save (Ctrl/Cmd+S) to the library in this browser or on a server, the
 * library page (search, pages, open, duplicate, delete with undo, import, export), share links,
 * and the settings. Every remote server here is on 127.0.0.1: a closed port, or a fake answered
 * by the test itself.
 */

/** A workload as a person writes it: comments, odd quoting, unicode, trailing spaces, no final newline. */
const workload = (name: string, image = 'nginx:1.27') =>
  `# ${name} — kept byte for byte ✓\napiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}   # the library's key\n` +
  `containers:\n  web:\n    image: "${image}"\n    variables:\n      GREETING: 'héllo, wörld'   \n      EMPTY: ""\n# end`;

function library(page: Page) {
  const main = page.getByRole('main', { name: 'Workload library' });
  return {
    toggle: page.getByRole('button', { name: 'Library', exact: true }),
    main,
    search: main.getByRole('searchbox', { name: 'Search by name' }),
    rows: main.locator('tbody tr'),
    row: (name: string) => main.locator(`tbody tr[data-workload="${name}"]`),
    status: main.locator('.library-status'),
    error: main.locator('.library-error'),
    pages: main.getByRole('navigation', { name: 'Pages of the library' }),
    settings: main.getByRole('button', { name: 'Library settings…' }),
    back: main.getByRole('button', { name: 'Back to the workload' }),
    importFiles: main.getByTestId('library-import-files'),
    importFolder: main.getByTestId('library-import-folder'),
  };
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const saveState = (page: Page) => page.getByRole('status', { name: 'Save status' });
const saveFailed = (page: Page) => page.getByRole('alert', { name: 'Save failed' });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** What the autosaved draft records as the last clean text (opened or saved). */
async function draftOpenedText(page: Page): Promise<string | null> {
  return (await savedDraftRecord(page))?.openedText ?? null;
}

/** A port on 127.0.0.1 where nothing listens. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Opens the library settings from the library page and points them at a server. */
async function useServer(page: Page, baseUrl: string, token: string) {
  const lib = library(page);
  await lib.settings.click();
  const dialog = page.getByRole('dialog', { name: 'Library settings' });
  await dialog.getByRole('radio', { name: /On a server/ }).check();
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await dialog.getByRole('combobox', { name: 'Send' }).selectOption('bearer');
  await dialog.getByLabel('Token').fill(token);
  return dialog;
}

/** Opens a saved workload from the library page, and waits until it is in the editor. */
async function openSaved(page: Page, name: string) {
  const lib = library(page);
  await lib
    .row(name)
    .getByRole('button', { name: `Open ${name}` })
    .click();
  await expect(lib.main).toHaveCount(0);
  await expect(app(page).workloadName).toContainText(name);
}

/** Presses Tab until `target` has the focus (at most `max` times): proves it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached with Tab: ${target.toString()}`);
}

test('save, reload, find it in the library, open it: the text comes back byte for byte', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  const text = workload('library-shop');
  await setText(page, text);
  await expect(saveState(page)).toHaveText('Unsaved changes');

  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');
  // The autosaved draft knows it is saved (otherwise a reload would offer it as recovered).
  await expect.poll(() => draftOpenedText(page)).toBe(text);

  await page.reload();
  await waitForEditor(page);
  expect(await textOf(page)).toBe(text);
  await expect(saveState(page)).toHaveText('Saved');
  await expect(page.getByRole('region', { name: 'Recovered draft' })).toHaveCount(0); // it was saved: nothing to recover

  // Something else in the editor, then back to the saved workload through the library.
  await ui.newFromTemplate.click();
  await templateButton(page, 'Hello world').click();
  await expect(ui.workloadName).toContainText('hello-world');
  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');

  const lib = library(page);
  await lib.toggle.click();
  await expect(lib.rows).toHaveCount(2);
  await lib.search.fill('shop');
  await expect(lib.rows).toHaveCount(1);
  await expect(lib.row('library-shop')).toBeVisible();
  await openSaved(page, 'library-shop');
  await expect(lib.main).toHaveCount(0);
  await waitForEditor(page);
  expect(await textOf(page)).toBe(text);
  await expect(ui.workloadName).toContainText('library-shop');
  await expect(saveState(page)).toHaveText('Saved');

  // An edit typed in the YAML editor marks it unsaved; Ctrl+S from inside the editor updates the saved one.
  await ui.editor.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# typed in the editor');
  await expect(saveState(page)).toHaveText('Unsaved changes');
  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');
  const typed = await textOf(page);
  expect(typed).toBe(`${text}\n# typed in the editor`);
  await lib.toggle.click();
  await lib.search.fill('library-shop');
  await expect(lib.rows).toHaveCount(1);
  await openSaved(page, 'library-shop');
  expect(await textOf(page)).toBe(typed);
});

test('a workload of a name already saved is not overwritten without asking', async ({ page }) => {
  await openTemplate(page);
  const first = workload('same-name', 'caddy:2');
  await setText(page, first);
  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');

  // Another text with the same name, opened from elsewhere (here: pasted over everything as a new template would be).
  const ui = app(page);
  await ui.newFromTemplate.click();
  await templateButton(page, 'Hello world').click();
  const second = workload('same-name', 'nginx:1.28');
  await setText(page, second);
  await saveButton(page).click();
  const ask = page.getByRole('dialog', { name: 'Replace the saved workload “same-name”?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep the saved one' }).click();
  await expect(saveFailed(page)).toContainText('“same-name” is already in the library');
  expect(await textOf(page)).toBe(second);

  await saveButton(page).click();
  await ask.getByRole('button', { name: 'Replace the saved one' }).click();
  await expect(saveState(page)).toHaveText('Saved');
  await expect(saveFailed(page)).toHaveCount(0);
  await ui.newFromTemplate.click();
  await templateButton(page, 'Hello world').click();
  await library(page).toggle.click();
  await openSaved(page, 'same-name');
  expect(await textOf(page)).toBe(second);
});

test.describe('a remote library that cannot be reached', () => {
  // The browser logs every refused connection; the app's own message is what this test checks.
  test.use({ expectedConsoleErrors: [[/ERR_CONNECTION_REFUSED/, /Failed to load resource/], { scope: 'test' }] });

  test('gives a clear error, keeps the text and the draft, and the save can be retried', async ({ page }) => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    await openTemplate(page);
    const text = workload('remote-shop');
    await setText(page, text);

    const lib = library(page);
    await lib.toggle.click();
    const dialog = await useServer(page, baseUrl, 'tok-123');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByRole('status')).toContainText(`Could not reach ${baseUrl}`);
    await dialog.getByRole('button', { name: 'Use these settings' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(lib.main).toContainText(`Saved on the server ${baseUrl}`);
    // The list is asked for again twice (the network may recover) before the error shows.
    await expect(lib.error).toContainText(`The library could not be read. Could not reach ${baseUrl}`, {
      timeout: 30_000,
    });
    await lib.back.click();

    await page.keyboard.press('Control+s');
    const alert = saveFailed(page);
    await expect(alert).toContainText(`The workload was not saved. Could not reach ${baseUrl}`);
    await expect(alert).toContainText('Your text is kept');
    await expect(saveState(page)).toHaveText('Not saved');
    expect(await textOf(page)).toBe(text);
    await expect.poll(() => savedDraft(page)).toBe(text);

    // Retry: still unreachable, still kept.
    await alert.getByRole('button', { name: 'Retry save' }).click();
    await expect(alert).toContainText('Could not reach');
    expect(await textOf(page)).toBe(text);

    // The notice leads to the settings (loaded when first opened), where the connection can be fixed.
    await alert.getByRole('button', { name: 'Library settings…' }).click();
    const fromNotice = page.getByRole('dialog', { name: 'Library settings' });
    await expect(fromNotice.getByRole('textbox', { name: 'Base URL' })).toHaveValue(baseUrl);
    await page.keyboard.press('Escape');
    await expect(fromNotice).toHaveCount(0);
    await expect(alert).toBeVisible();

    // The token is kept for the session only: never in the lasting storage.
    const lasting = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(lasting).not.toContain('tok-123');
    expect(lasting).toContain(baseUrl);

    // A reload brings back the draft, and the settings with the token (same session).
    await page.reload();
    await waitForEditor(page);
    expect(await textOf(page)).toBe(text);
    await lib.toggle.click();
    await lib.settings.click();
    const again = page.getByRole('dialog', { name: 'Library settings' });
    await expect(again.getByRole('textbox', { name: 'Base URL' })).toHaveValue(baseUrl);
    await expect(again.getByLabel('Token')).toHaveValue('tok-123');
    // Back to this browser's library: saving works again.
    await again.getByRole('radio', { name: /In this browser/ }).check();
    await again.getByRole('button', { name: 'Use these settings' }).click();
    await lib.back.click();
    await page.keyboard.press('Control+s');
    await expect(saveState(page)).toHaveText('Saved');
  });
});

/** A tiny workloads API, answered by the test: what a team's server does, on 127.0.0.1. */
function fakeServer(page: Page, baseUrl: string) {
  const stored = new Map<string, Record<string, unknown>>();
  const seen: string[] = [];
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type, accept, x-api-key',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  };
  const json = (route: Route, status: number, body?: unknown) =>
    route.fulfill({
      status,
      headers: { ...cors, 'content-type': 'application/json' },
      body: body === undefined ? '' : JSON.stringify(body),
    });
  const handle = async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    seen.push(`${request.method()} ${url.pathname} ${request.headers()['authorization'] ?? '-'}`);
    if (request.headers()['authorization'] !== 'Bearer good-token') {
      return json(route, 401, { error: { code: 'UNAUTHORIZED', message: 'Unknown token.' } });
    }
    const name = url.pathname.split('/')[2];
    if (url.pathname === '/workloads' && request.method() === 'GET') {
      const items = [...stored.values()];
      return json(route, 200, { items, total: items.length, limit: 10, offset: 0 });
    }
    if (url.pathname === '/workloads' && request.method() === 'POST') {
      const body = request.postDataJSON() as { metadata: { name: string } };
      if (stored.has(body.metadata.name)) return json(route, 409, { error: { code: 'CONFLICT', message: 'Taken.' } });
      stored.set(body.metadata.name, body);
      return json(route, 201, body);
    }
    if (name && request.method() === 'GET') {
      const found = stored.get(name);
      return found
        ? json(route, 200, found)
        : json(route, 404, { error: { code: 'NOT_FOUND', message: 'No such workload.' } });
    }
    return json(route, 500, { error: { code: 'INTERNAL', message: `not faked: ${request.method()} ${url.pathname}` } });
  };
  return { stored, seen, start: () => page.route(`${baseUrl}/**`, handle) };
}

test.describe('a remote library', () => {
  // The browser logs the refused token's 401; the app's own message is what this test checks.
  test.use({ expectedConsoleErrors: [[/status of 401/], { scope: 'test' }] });

  test('the server’s own message for a refused token, then save and open with the right one', async ({ page }) => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`;
    const server = fakeServer(page, baseUrl);
    await server.start();
    await openTemplate(page);
    const text = workload('served');
    await setText(page, text);
    const lib = library(page);
    await lib.toggle.click();
    const dialog = await useServer(page, baseUrl, 'bad-token');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByRole('status')).toContainText('Unknown token.');
    await dialog.getByLabel('Token').fill('good-token');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Connected: the server has 0 workloads.');
    await dialog.getByRole('button', { name: 'Use these settings' }).click();
    await expect(lib.main).toContainText('The library is empty');
    await lib.back.click();

    await page.keyboard.press('Control+s');
    await expect(saveState(page)).toHaveText('Saved');
    expect(server.stored.get('served')).toMatchObject({
      metadata: { name: 'served' },
      containers: { web: { image: 'nginx:1.27' } },
    });
    expect(server.seen.every((line) => line.endsWith('Bearer good-token') || line.endsWith('Bearer bad-token'))).toBe(
      true,
    );

    await lib.toggle.click();
    await expect(lib.main).toContainText('comments and formatting are not kept');
    await openSaved(page, 'served');
    // The server keeps data, not text: the same workload comes back, freshly written.
    await expect(app(page).workloadName).toContainText('served');
    const reopened = await textOf(page);
    expect(reopened).toContain('GREETING: héllo, wörld\n'); // the same value, quoted anew
    expect(reopened).not.toContain('# served'); // and no comments
  });
});

test('a share link round trip gives the text byte for byte, as a new draft that replaces nothing saved', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openTemplate(page);
  const saved = workload('shared-shop');
  await setText(page, saved);
  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');
  const shared = `${saved}\n\t# tab, emoji 🚀, <b>not markup</b>, trailing space `;
  await setText(page, shared);

  await page.getByRole('button', { name: 'Share link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share link' });
  await expect(dialog.getByRole('status')).toHaveText('The link is copied to the clipboard.');
  const url = await dialog.getByRole('textbox', { name: 'Link to this workload' }).inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#score=[A-Za-z0-9+\-$]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Closed, the dialog gives the focus back to the button that opened it.
  await expect(page.getByRole('button', { name: 'Share link' })).toBeFocused();

  // Unsaved work in this tab: a second tab, with a draft of its own, opens the link at once and
  // leaves this tab's work as it is.
  await setText(page, `${saved}\n# unsaved work`);
  await expect.poll(() => savedDraft(page)).toBe(`${saved}\n# unsaved work`);
  const other = await context.newPage();
  await other.goto(url);
  await waitForEditor(other);
  await expect(other.getByRole('dialog', { name: 'Open the shared workload?' })).toHaveCount(0);
  expect(await textOf(other)).toBe(shared);
  await expect.poll(() => savedDraft(other)).toBe(shared);
  expect(await savedDraft(page)).toBe(`${saved}\n# unsaved work`);
  expect(other.url()).not.toContain('#score=');
  await expect(saveState(other)).toHaveText('Not in the library');

  // The saved workload is untouched.
  await library(other).toggle.click();
  await openSaved(other, 'shared-shop');
  expect(await textOf(other)).toBe(saved);
  await other.close();
});

test('opening a share link in a tab with unsaved changes can be declined; the changes stay', async ({ page }) => {
  await openTemplate(page);
  const shared = workload('from-a-link');
  await setText(page, shared);
  await page.getByRole('button', { name: 'Share link' }).click();
  const url = await page.getByRole('textbox', { name: 'Link to this workload' }).inputValue();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const mine = workload('my-own');
  await setText(page, mine);

  await page.goto(url); // the same page, another fragment: no reload
  const ask = page.getByRole('dialog', { name: 'Open the shared workload?' });
  await ask.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(page.locator('.notice')).toContainText('The shared workload was not opened');
  expect(await textOf(page)).toBe(mine);
});

test('a workload too big for a share link is refused with the reason', async ({ page }) => {
  await openTemplate(page);
  // Random text does not compress: far past the 32,000 characters a link may have.
  const noise = Array.from({ length: 800 }, () => `# ${randomBytes(60).toString('base64')}`);
  await setText(page, `${workload('big-one')}\n${noise.join('\n')}\n`);
  await page.getByRole('button', { name: 'Share link' }).click();
  const dialog = page.getByRole('dialog', { name: 'No share link for this workload' });
  await expect(dialog.getByRole('alert')).toContainText('too big for a share link');
  await expect(dialog.getByRole('alert')).toContainText('Export score.yaml');
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
});

test('leaving the page with unsaved changes asks first', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await ui.editor.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n# not saved yet'); // a real key press: browsers only ask after the user did something
  await expect(saveState(page)).toHaveText('Unsaved changes');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('the library page: import many files and a folder, pages, duplicate, delete and undo, export', async ({
  page,
}) => {
  await openTemplate(page);
  const lib = library(page);
  await lib.toggle.click();
  await expect(lib.main).toContainText('The library is empty');

  const names = Array.from({ length: 11 }, (_, i) => `imported-${String(i + 1).padStart(2, '0')}`);
  await lib.importFiles.setInputFiles([
    ...names.map((name) => ({ name: `${name}.yaml`, mimeType: 'text/yaml', buffer: Buffer.from(workload(name)) })),
    { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) },
  ]);
  await expect(lib.error).toContainText('Imported 11 workloads, 1 failed.');
  await expect(lib.error).toContainText('logo.png: This is not a text file');
  await expect(lib.rows).toHaveCount(10);
  await expect(lib.pages).toContainText('1–10 of 11');
  await lib.pages.getByRole('button', { name: 'Next page' }).click();
  await expect(lib.pages).toContainText('11–11 of 11');
  await expect(lib.rows).toHaveCount(1);
  // Deleting the only workload of the last page goes back to the page before; undo brings it back.
  await lib.row('imported-11').getByRole('button', { name: 'Delete imported-11' }).click();
  await expect(lib.pages).toContainText('1–10 of 10');
  await expect(lib.rows).toHaveCount(10);
  await lib.status.getByRole('button', { name: 'Undo delete' }).click();
  await expect(lib.pages).toContainText('1–10 of 11');
  await lib.pages.getByRole('button', { name: 'Next page' }).click();
  await expect(lib.pages).toContainText('11–11 of 11');
  await lib.pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(lib.pages).toContainText('1–10 of 11');

  // A folder: its YAML files are imported (at any depth), other files left alone.
  const folder = mkdtempSync(path.join(tmpdir(), 'score-folder-'));
  mkdirSync(path.join(folder, 'team', 'api'), { recursive: true });
  writeFileSync(path.join(folder, 'team', 'api', 'score.yaml'), workload('folder-api'));
  writeFileSync(path.join(folder, 'team', 'web.yml'), workload('folder-web'));
  writeFileSync(path.join(folder, 'team', 'README.md'), '# not a workload');
  await lib.importFolder.setInputFiles(folder);
  await expect(lib.status).toContainText('Imported 2 workloads, 1 file not YAML or JSON ignored.');
  await lib.search.fill('folder');
  await expect(lib.rows).toHaveCount(2);

  // Duplicate, then delete the copy and undo.
  await lib.row('folder-api').getByRole('button', { name: 'Duplicate folder-api' }).click();
  await expect(lib.status).toContainText('Saved a copy of “folder-api” as “folder-api-copy”.');
  await expect(lib.rows).toHaveCount(3);
  await lib.row('folder-api-copy').getByRole('button', { name: 'Delete folder-api-copy' }).click();
  await expect(lib.status).toContainText('Deleted “folder-api-copy”.');
  await expect(lib.rows).toHaveCount(2);
  await lib.status.getByRole('button', { name: 'Undo delete' }).click();
  await expect(lib.status).toContainText('“folder-api-copy” is back in the library.');
  await expect(lib.rows).toHaveCount(3);
  await openSaved(page, 'folder-api-copy');
  expect(await textOf(page)).toBe(workload('folder-api').replace('name: folder-api ', 'name: folder-api-copy '));

  // Export the selection: score files (a zip of the exact texts), and one compose bundle.
  await lib.toggle.click();
  await lib.search.fill('folder');
  await expect(lib.rows).toHaveCount(3);
  await lib.row('folder-api').getByRole('checkbox', { name: 'Select folder-api' }).check();
  await lib.row('folder-web').getByRole('checkbox', { name: 'Select folder-web' }).check();
  const exportBar = lib.main.getByRole('region', { name: 'Export the selection' });
  await expect(exportBar).toContainText('2 workloads selected.');
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    exportBar.getByRole('button', { name: 'Export as score files' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('score-workloads.zip');
  const files = unzipSync(readFileSync(await zip.path()));
  expect(Object.keys(files)).toEqual(['folder-api.score.yaml', 'folder-web.score.yaml']);
  expect(strFromU8(files['folder-web.score.yaml']!)).toBe(workload('folder-web'));

  const [bundle] = await Promise.all([
    page.waitForEvent('download'),
    exportBar.getByRole('button', { name: 'Export as one Compose bundle' }).click(),
  ]);
  expect(bundle.suggestedFilename()).toBe('compose-bundle.zip');
  const project = unzipSync(readFileSync(await bundle.path()));
  const compose = strFromU8(project['compose.yaml']!);
  expect(compose).toContain('folder-api-web:');
  expect(compose).toContain('folder-web-web:');
});

test('the library is keyboard-operable', async ({ page }) => {
  await openTemplate(page);
  await setText(page, workload('keyboard-one'));
  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');
  await setText(page, workload('keyboard-two'));
  await page.keyboard.press('Control+s');
  await expect(saveState(page)).toHaveText('Saved');

  const lib = library(page);
  await page.getByRole('heading', { name: 'Score Designer' }).click();
  await tabTo(page, lib.toggle);
  await page.keyboard.press('Enter');
  await expect(lib.main).toBeVisible();
  await tabTo(page, lib.search);
  await page.keyboard.type('one');
  await expect(lib.rows).toHaveCount(1);
  const open = lib.row('keyboard-one').getByRole('button', { name: 'Open keyboard-one' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  await expect(lib.main).toHaveCount(0);
  await expect(app(page).workloadName).toContainText('keyboard-one');
  expect(await textOf(page)).toBe(workload('keyboard-one'));

  // Settings by keyboard: open, Escape closes.
  await page.getByRole('heading', { name: 'Score Designer' }).click();
  await tabTo(page, lib.toggle);
  await page.keyboard.press('Enter');
  await tabTo(page, lib.settings);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Library settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the library (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openTemplate(page);
    await setText(page, workload('axe-one'));
    await page.keyboard.press('Control+s');
    await expect(saveState(page)).toHaveText('Saved');
    await setText(page, `${workload('axe-one')}\n# changed`);
    await expect(saveState(page)).toHaveText('Unsaved changes');
    expect(await seriousViolations(page), 'the workspace with the Save and Share controls').toEqual([]);

    await page.getByRole('button', { name: 'Share link' }).click();
    await expect(page.getByRole('dialog', { name: 'Share link' })).toBeVisible();
    expect(await seriousViolations(page), 'the share dialog').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    const lib = library(page);
    await lib.toggle.click();
    await lib.row('axe-one').getByRole('checkbox', { name: 'Select axe-one' }).check();
    await lib.row('axe-one').getByRole('button', { name: 'Duplicate axe-one' }).click();
    await expect(lib.status).toContainText('Saved a copy');
    expect(await seriousViolations(page), 'the library page').toEqual([]);

    await lib.settings.click();
    const dialog = page.getByRole('dialog', { name: 'Library settings' });
    await dialog.getByRole('radio', { name: /On a server/ }).check();
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill('http://example.com');
    await dialog.getByRole('combobox', { name: 'Send' }).selectOption('api-key');
    await dialog.getByRole('button', { name: 'Use these settings' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Enter the API key');
    expect(await seriousViolations(page), 'the settings dialog with a problem').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The failed-save notice: a name the library cannot take.
    await lib.back.click();
    await setText(page, workload('axe-one').replace('name: axe-one', 'name: Not Valid'));
    await page.keyboard.press('Control+s');
    await expect(saveFailed(page)).toContainText('cannot be saved');
    expect(await seriousViolations(page), 'with the failed-save notice').toEqual([]);
  });
}
