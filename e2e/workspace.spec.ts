import {
  app,
  caretTo,
  expect,
  openApp,
  openTemplate,
  problemPosition,
  savedDraft,
  setText,
  templateButton,
  test,
  textOf,
  waitForEditor,
} from './fixtures';

/** The hello template: line 7 is `    image: busybox`. */
const IMAGE_LINE = 7;

const withResources = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      PLAIN: x
resources:
  db:
    type: postgres
  cache:
    type: redis
`;

/** How long a draft may take to reach IndexedDB after the autosave's pause, on a loaded machine. */
const draftSaved = { timeout: 10_000, intervals: [100] };

test('the start screen offers the templates and Open; a template opens the workspace, valid', async ({ page }) => {
  await openApp(page);
  const ui = app(page);
  for (const title of ['Hello world', 'E-commerce frontend', 'Data pipeline worker', 'ML inference service']) {
    await expect(templateButton(page, title)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Open a file…' })).toBeVisible();
  await templateButton(page, 'Hello world').click();
  await waitForEditor(page);
  await expect(ui.status).toHaveText(/Valid/);
  await expect(ui.workloadName).toContainText('hello-world');
  await expect(page).toHaveTitle('hello-world — Score Designer');
  await expect(ui.graph).toBeVisible();
  await expect(ui.inspector).toBeVisible();
  await expect(ui.problems).toHaveCount(0);
  await expect(ui.monaco.locator('.view-lines')).toContainText('name: hello-world');
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
});

test('every template opens from "New from template" and is valid', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  for (const { title, name } of [
    { title: 'E-commerce frontend', name: 'ecommerce-frontend' },
    { title: 'Data pipeline worker', name: 'data-pipeline-worker' },
    { title: 'ML inference service', name: 'ml-inference-service' },
  ]) {
    await ui.newFromTemplate.click();
    await expect(ui.dialog).toBeVisible();
    await templateButton(page, title).click();
    await expect(ui.workloadName).toContainText(name);
    await expect(ui.status).toHaveText(/Valid/);
    expect(await textOf(page)).toContain(`name: ${name}\n`);
  }
});

test('typing in the YAML pane updates the problems and the status; choosing a problem shows its place', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  const opened = await textOf(page);
  // Select the image line with the keyboard and delete it, as a user would.
  await caretTo(page, IMAGE_LINE);
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Delete');
  expect(await textOf(page)).not.toContain('image:');

  await expect(ui.status).toHaveText(/1 error/);
  const problem = ui.problems.filter({ hasText: 'image' });
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText('Error');
  const at = await problemPosition(problem);
  expect([6, 7]).toContain(at.line); // at the container that lacks the image
  // The same problem is a marker in the editor.
  await expect(ui.monaco.locator('.squiggly-error')).not.toHaveCount(0);

  // Choosing the problem selects its field and puts the focus in the editor.
  const [diagnostic] = await page.evaluate(() => window.scoreDesigner!.getDiagnostics());
  await page.keyboard.press('Control+End');
  await problem.getByRole('button').click();
  await expect(ui.editor).toBeFocused();
  await expect(ui.selected).toHaveText(diagnostic!.path);
  await expect(problem.getByRole('button')).toHaveAttribute('aria-current', 'true');

  // Typing the image back makes it valid again (Enter after "hello:" indents the new line).
  await caretTo(page, 6, 9);
  await page.keyboard.press('Enter');
  await page.keyboard.type('image: busybox');
  await expect(ui.status).toHaveText(/Valid/);
  await expect(ui.problems).toHaveCount(0);
  expect(await textOf(page)).toBe(opened);
});

test('while the YAML does not parse, the last readable model stays, marked stale, and the text is never altered', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  const before = await textOf(page);
  await caretTo(page, 4, 9); // just before "hello-world"
  await page.keyboard.insertText('[');
  const broken = before.replace('name: hello-world', 'name: [hello-world');
  expect(await textOf(page)).toBe(broken);
  await expect(ui.status).toHaveText(/error/);
  await expect(ui.workloadName).toContainText('hello-world');
  await expect(ui.workloadName).toContainText('last readable version');
  await expect(ui.graph.getByRole('note')).toContainText('does not parse');
  // Blur (checks at once) and wait: nothing rewrites the text.
  await ui.status.click();
  await page.waitForTimeout(600);
  expect(await textOf(page)).toBe(broken);
  await expect(ui.monaco.locator('.view-lines')).toContainText('name: [hello-world');
  // Fixing it removes the stale mark.
  await ui.editor.focus();
  await page.keyboard.press('Backspace');
  await expect(ui.status).toHaveText(/Valid/);
  await expect(ui.workloadName).not.toContainText('last readable version');
  expect(await textOf(page)).toBe(before);
});

test('reloading restores the unsaved text exactly; the recovered draft can be discarded', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await caretTo(page, 10);
  await page.keyboard.insertText('# unsaved ✓ work\n');
  const typed = await textOf(page);
  expect(typed).toContain('# unsaved ✓ work\n');
  // Autosave writes after a pause of 400 ms (its timing is unit-tested with fake time, drafts/autosave.test.ts):
  // here the draft is waited for as a user would before reloading, with time for a loaded machine's IndexedDB.
  await expect.poll(() => savedDraft(page), draftSaved).toBe(typed);
  await page.reload();
  await waitForEditor(page);
  expect(await textOf(page)).toBe(typed);
  const notice = page.getByRole('region', { name: 'Recovered draft' });
  await expect(notice).toContainText('recovered');
  await expect(ui.monaco.locator('.view-lines')).toContainText('# unsaved ✓ work');

  // Opening a template over the recovered changes asks first.
  await ui.newFromTemplate.click();
  await templateButton(page, 'Data pipeline worker').click();
  const ask = page.getByRole('dialog', { name: 'Replace your changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep my changes' }).click();
  expect(await textOf(page)).toBe(typed);

  await notice.getByRole('button', { name: 'Discard recovered draft' }).click();
  await page
    .getByRole('dialog', { name: 'Discard the recovered draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(ui.startHeading).toBeVisible();
  await expect.poll(() => savedDraft(page), draftSaved).toBeNull();
  await page.reload();
  await expect(ui.startHeading).toBeVisible();
});

test('two tabs keep two drafts: neither overwrites the other, and a new tab takes up a closed one', async ({
  page,
  context,
}) => {
  await openTemplate(page);
  await setText(page, (await textOf(page)) + '# work of the first tab\n');
  const first = await textOf(page);
  await expect.poll(() => savedDraft(page), draftSaved).toBe(first);

  // A second tab starts on the start screen rather than on the first tab's work.
  const second = await context.newPage();
  await openApp(second);
  await templateButton(second, 'Data pipeline worker').click();
  await waitForEditor(second);
  await setText(second, (await textOf(second)) + '# work of the second tab\n');
  const secondText = await textOf(second);
  await expect.poll(() => savedDraft(second), draftSaved).toBe(secondText);

  // Each tab, reloaded, gets its own work back.
  await page.reload();
  await waitForEditor(page);
  expect(await textOf(page)).toBe(first);
  await second.reload();
  await waitForEditor(second);
  expect(await textOf(second)).toBe(secondText);

  // Both closed (a browser restart, say): a new tab takes up the newest, and says one more waits.
  await second.close();
  await page.close();
  // For 3 s after a tab leaves, its slot may be a reloading tab's (RELOAD_GRACE_MS): a new tab then
  // leaves it alone. Past that, it is a closed tab's.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const third = await context.newPage();
  await third.goto('/');
  await waitForEditor(third);
  expect(await textOf(third)).toBe(secondText);
  await expect(third.getByRole('region', { name: 'Recovered draft' })).toContainText('recovered');
  const waiting = third.getByRole('region', { name: 'Unsaved drafts of closed tabs' });
  await expect(waiting).toContainText('One more unsaved draft');
  const [fourth] = await Promise.all([
    context.waitForEvent('page'),
    waiting.getByRole('button', { name: 'Open it in a new tab' }).click(),
  ]);
  await waitForEditor(fourth);
  expect(await textOf(fourth)).toBe(first);
  await expect(waiting).toBeHidden();
  expect(await textOf(third)).toBe(secondText);
});

test('a reload right after typing keeps what was typed', async ({ page }) => {
  await openTemplate(page);
  // The browser asks before leaving a page with unsaved changes; the user leaves.
  page.on('dialog', (dialog) => void dialog.accept());
  for (let round = 1; round <= 3; round++) {
    await caretTo(page, 10);
    await page.keyboard.type(`# typed ${round}\n`, { delay: 20 });
    const typed = await textOf(page);
    await page.reload();
    await waitForEditor(page);
    expect(await textOf(page)).toBe(typed);
  }
});

test('undo and redo walk back and forth across typing and command edits, in every pane', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  const opened = await textOf(page);

  await caretTo(page, 10);
  // One input, one step: keystrokes typed one by one are one step only while no pause of 500 ms falls
  // between them (history.test.ts), which a loaded machine may put there.
  await page.keyboard.insertText('# one');
  const afterTyping = await textOf(page);
  expect(afterTyping).toBe(opened + '# one');

  const result = await page.evaluate(() =>
    window.scoreDesigner!.run('setVariable', { container: 'hello', name: 'GREETING', value: 'hi' }),
  );
  expect(result).not.toHaveProperty('error');
  const afterCommand = await textOf(page);
  expect(afterCommand).toContain('GREETING');
  await expect(ui.monaco.locator('.view-lines')).toContainText('GREETING');

  // The caret survived the command's edit: typing goes on where it was.
  await page.waitForTimeout(600); // a pause: the next keystrokes are a step of their own
  await ui.editor.focus();
  await page.keyboard.type('!');
  const afterMore = await textOf(page);
  expect(afterMore).toBe(afterCommand.replace('# one', '# one!'));

  // Ctrl+Z in the editor walks back through all three, exactly; Ctrl+Shift+Z walks forward.
  const seen: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Control+z');
    seen.push(await textOf(page));
  }
  expect(seen).toEqual([afterCommand, afterTyping, opened]);
  await expect(ui.undo).toBeDisabled();
  await expect(ui.monaco.locator('.view-lines')).not.toContainText('GREETING');
  await page.keyboard.press('Control+Shift+z');
  expect(await textOf(page)).toBe(afterTyping);
  await page.keyboard.press('Control+y');
  expect(await textOf(page)).toBe(afterCommand);

  // The buttons do the same, from outside the editor.
  await ui.redo.click();
  expect(await textOf(page)).toBe(afterMore);
  await expect(ui.redo).toBeDisabled();
  await ui.undo.click();
  await ui.undo.click();
  expect(await textOf(page)).toBe(afterTyping);
  // And the keys work outside the editor too.
  await ui.status.click();
  await page.keyboard.press('Control+Shift+z');
  expect(await textOf(page)).toBe(afterCommand);
  await expect(ui.monaco.locator('.view-lines')).toContainText('GREETING');
});

test('a refused command says why and changes nothing', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  const before = await textOf(page);
  const result = await page.evaluate(() =>
    window.scoreDesigner!.run('setVariable', { container: 'nope', name: 'A', value: 'b' }),
  );
  expect(result).toEqual({ error: expect.stringContaining('nope') });
  await expect(ui.alert).toContainText('nope');
  expect(await textOf(page)).toBe(before);
  await expect(ui.undo).toBeDisabled();
});

test('F8 and Shift+F8 walk through the problems, in the editor and from anywhere', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(
    page,
    withResources
      .replace(
        'image: nginx',
        'image: nginx\n    variables:\n      A: ${resources.nope.host}\n      B: ${metadata.missing}',
      )
      .replace('    variables:\n      PLAIN: x\n', ''),
  );
  const diagnostics = await page.evaluate(() => window.scoreDesigner!.getDiagnostics());
  expect(diagnostics.length).toBeGreaterThanOrEqual(2);
  await expect(ui.problems).toHaveCount(diagnostics.length);

  const active = ui.problemsRegion.locator('[aria-current="true"]');
  await ui.editor.focus();
  await page.keyboard.press('F8');
  await expect(active).toContainText(diagnostics[0]!.message);
  await expect(ui.selected).toHaveText(diagnostics[0]!.path);
  await expect(ui.editor).toBeFocused();
  await page.keyboard.press('F8');
  await expect(active).toContainText(diagnostics[1]!.message);
  await page.keyboard.press('Shift+F8');
  await expect(active).toContainText(diagnostics[0]!.message);
  await page.keyboard.press('Shift+F8'); // wraps around to the last
  await expect(active).toContainText(diagnostics[diagnostics.length - 1]!.message);

  // From outside the editor the focus stays where it is.
  await ui.theme.focus();
  await page.keyboard.press('F8');
  await expect(active).toContainText(diagnostics[0]!.message);
  await expect(ui.theme).toBeFocused();
});

test('a long list of problems: rows out of sight are scrolled, tabbed and walked to, and chosen like the rest', async ({
  page,
}) => {
  await openTemplate(page);
  const ui = app(page);
  const variables = Array.from({ length: 60 }, (_, i) => `      V${i}: \${resources.nope${i}.host}`).join('\n');
  await setText(page, withResources.replace('      PLAIN: x', variables));
  const diagnostics = await page.evaluate(() => window.scoreDesigner!.getDiagnostics());
  const n = diagnostics.length;
  expect(n).toBeGreaterThanOrEqual(60);
  await expect(ui.problemCount).toHaveText(String(n));
  // Only the rows in view and a margin around them are drawn; each says its place in the whole list.
  await expect(ui.problems.first()).toContainText(diagnostics[0]!.message);
  expect(await ui.problems.count()).toBeLessThan(n);
  await expect(ui.problems.first()).toHaveAttribute('aria-posinset', '1');
  await expect(ui.problems.first()).toHaveAttribute('aria-setsize', String(n));

  // Scrolled to the end, the last row is there with its text.
  const body = ui.problemsRegion.locator('.pane-body');
  const last = diagnostics[n - 1]!;
  const lastRow = ui.problemsRegion.locator(`li[aria-posinset="${n}"]`);
  await body.evaluate((b) => (b.scrollTop = b.scrollHeight));
  await expect(lastRow).toContainText(last.message);
  await expect(lastRow).toBeInViewport();

  // Walked to from the keyboard, it scrolls into view; chosen, it selects its field.
  await body.evaluate((b) => (b.scrollTop = 0));
  await expect(lastRow).toHaveCount(0);
  const active = ui.problemsRegion.locator('[aria-current="true"]');
  await ui.editor.focus();
  await page.keyboard.press('Shift+F8');
  await expect(active).toContainText(last.message);
  await expect(active).toBeInViewport();
  await expect(ui.selected).toHaveText(last.path);

  // Tab and Shift+Tab go from row to row, past the rows first drawn; Enter chooses the row.
  await body.evaluate((b) => (b.scrollTop = 0));
  await ui.problems.first().getByRole('button').focus();
  for (let i = 1; i < 30; i++) await page.keyboard.press('Tab');
  const focused = ui.problemsRegion.locator('li:focus-within');
  await expect(focused).toHaveAttribute('aria-posinset', '30');
  await expect(focused).toContainText(diagnostics[29]!.message);
  await expect(focused).toBeInViewport();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
  await expect(focused).toHaveAttribute('aria-posinset', '25');
  await page.keyboard.press('Enter');
  await expect(active).toContainText(diagnostics[24]!.message);
  await expect(ui.selected).toHaveText(diagnostics[24]!.path);
});

test('the caret selects what it stands in; a selection made elsewhere is shown in the editor', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await caretTo(page, IMAGE_LINE, 12);
  await expect(ui.selected).toHaveText('/containers/hello/image');
  await caretTo(page, 4, 9); // before "hello-world"
  await expect(ui.selected).toHaveText('/metadata/name');
  await page.evaluate(() => window.scoreDesigner!.select('/containers/hello/args'));
  await expect(ui.selected).toHaveText('/containers/hello/args');
  // The editor highlights the selected entry and leaves the caret where the user put it.
  await expect(ui.monaco.locator('.selected-entry')).not.toHaveCount(0);
  // `args` is one line: the mark in the margin covers that line, not the next one too.
  await expect(ui.monaco.locator('.selected-entry-lines')).toHaveCount(1);
  await page.evaluate(() => window.scoreDesigner!.select('/containers/hello'));
  await expect(ui.monaco.locator('.selected-entry-lines')).toHaveCount(4); // hello:, image:, command:, args:
  await page.evaluate(() => window.scoreDesigner!.select('/containers/hello/args'));
  await expect(ui.selected).toHaveText('/containers/hello/args');
  await ui.editor.focus();
  await page.keyboard.type('x');
  expect(await textOf(page)).toContain('  name: xhello-world');
  await expect(ui.selected).toHaveText('/metadata/name');
  await expect(ui.monaco.locator('.selected-entry')).toHaveCount(0);
});

test('completion after ${ offers metadata keys, resource names, then their outputs', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await setText(page, withResources);
  const suggestions = ui.monaco.locator('.suggest-widget');
  await caretTo(page, 8, 15); // after "      PLAIN: x"
  await page.keyboard.type(' ${resources.');
  await expect(suggestions).toBeVisible();
  await expect(suggestions).toContainText('db');
  await expect(suggestions).toContainText('cache');
  await page.keyboard.type('db.');
  await expect(suggestions).toContainText('password');
  await page.keyboard.type('hos');
  await page.keyboard.press('Enter');
  expect(await textOf(page)).toContain('PLAIN: x ${resources.db.host}');
  await page.keyboard.press('End');
  await page.keyboard.type(' ${metadata.');
  await expect(suggestions).toContainText('name');
});

test('the schema completes field names and explains them on hover', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  // The pointer is moved onto the word again until the hover shows: a pointer resting still while the
  // panes settle after opening gives Monaco no move to answer (a user would move it again too).
  const word = ui.monaco.locator('.view-line', { hasText: 'image: busybox' }).getByText('image');
  const hover = ui.monaco.locator('.monaco-hover').filter({ hasText: 'The image to run' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await word.hover();
    await expect(hover).toBeVisible({ timeout: 2_500 });
  }).toPass({ timeout: 30_000 });
  await caretTo(page, 10);
  await page.keyboard.type('    ');
  await page.keyboard.press('Control+Space');
  const suggestions = ui.monaco.locator('.suggest-widget');
  await expect(suggestions).toBeVisible();
  await expect(suggestions).toContainText('variables');
  await expect(suggestions).toContainText('readinessProbe');
});

test('panes hide, move and resize, and the layout and theme are remembered', async ({ page }) => {
  await openTemplate(page);
  const ui = app(page);
  await ui.inspector.getByRole('button', { name: 'Hide Inspector' }).click();
  await expect(ui.inspector.getByRole('button', { name: 'Show Inspector' })).toHaveAttribute('aria-expanded', 'false');
  await ui.yamlPane.getByRole('button', { name: 'Put YAML beside the graph' }).click();
  const splitter = page.getByRole('separator', { name: 'Resize the YAML pane' });
  await expect(splitter).toHaveAttribute('aria-orientation', 'vertical');
  const width = Number(await splitter.getAttribute('aria-valuenow'));
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(width + 32));
  await ui.theme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(ui.monaco).toHaveClass(/vs-dark/);

  await page.reload();
  await waitForEditor(page);
  await expect(ui.inspector.getByRole('button', { name: 'Show Inspector' })).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize the YAML pane' })).toHaveAttribute(
    'aria-valuenow',
    String(width + 32),
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(ui.theme).toHaveValue('dark');
});
