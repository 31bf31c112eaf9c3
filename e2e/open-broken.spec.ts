import { app, expect, openApp, problemPosition, textOf, test } from './fixtures';

/**
 * Issue 39, item 6: a file that does not parse, opened, is shown as a text broken while editing is —
 * the "does not parse" note, and the edits that write turned off — not as an empty workload that the
 * add tools would write into. Its text is kept exactly; the syntax error points at the mis-indented key.
 */

// `worker:` (line 7) is indented less than its neighbours: the library reports `cron:` (line 9).
const misIndented = `apiVersion: score.dev/v1b1
metadata:
  name: broken-shop
containers:
  web:
    image: nginx:1.27
worker:
    image: busybox
  cron:
    image: busybox
`;

test('a file that does not parse opens marked so, with the add tools off and its text kept', async ({ page }) => {
  await openApp(page);
  const ui = app(page);
  await ui.fileInput.setInputFiles({ name: 'broken.yaml', mimeType: 'text/yaml', buffer: Buffer.from(misIndented) });
  await expect(ui.status).toHaveText(/error/);
  expect(await textOf(page)).toBe(misIndented);
  await expect(ui.graph.getByRole('note')).toContainText('does not parse');
  await expect(ui.workloadName).toContainText('last readable version');
  await expect(page.getByRole('button', { name: 'Add container' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add resource' })).toBeDisabled();
  const problem = ui.problems.filter({ hasText: 'indented' }).first();
  await expect(problem).toContainText('"worker" is indented by 0 spaces');
  expect((await problemPosition(problem)).line).toBe(7);
});
