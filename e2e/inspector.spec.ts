import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { app, caretTo, expect, openTemplate, setText, test, textOf } from './fixtures';

/**
 * The inspector, field group by field group: setting a value writes its key and changes nothing
 * else (the comments around it stay); clearing it removes the key; an invalid value shows its
 * problem under the field and, in the same words, in the Problems panel.
 */
const base = `# The shop's web workload
apiVersion: score.dev/v1b1
metadata:
  name: shop # the workload name
containers:
  web: # the web container
    image: nginx:1.27 # pinned
    # environment
    variables:
      GREETING: hello # kept
  worker:
    image: busybox
resources:
  # the database
  db:
    type: postgres # managed
  data:
    type: volume
`;

const inspector = (page: Page) => app(page).inspector;

/**
 * Opens `text` with `pointer` selected, and waits until the inspector shows that part: the form
 * shown before it may have a group of the same name (both the workload and a resource have
 * Annotations), and a field filled there is lost when the selected form replaces it.
 */
async function start(page: Page, pointer: string, text = base) {
  await openTemplate(page);
  await setText(page, text);
  await page.evaluate((p) => window.scoreDesigner!.select(p), pointer);
  await expect(inspector(page).locator('.inspector-section')).toHaveAttribute('data-pointer', pointer);
}

/** The text is `before` with exactly one replacement made: nothing else moved, comments included. */
async function expectText(page: Page, expected: string) {
  await expect.poll(() => textOf(page)).toBe(expected);
}

function edit(text: string, from: string, to: string): string {
  expect(text.split(from).length, `"${from}" occurs once in the text`).toBe(2);
  return text.replace(from, to);
}

/** The problem at `path`: shown under the field, and the same message in the Problems panel. */
async function expectProblem(page: Page, field: Locator, path: string) {
  let message = '';
  await expect
    .poll(async () => {
      const diagnostics = await page.evaluate(() => window.scoreDesigner!.getDiagnostics());
      message = diagnostics.find((d) => d.path === path)?.message ?? '';
      return message;
    }, `a problem at ${path}`)
    .not.toBe('');
  await expect(field.locator('.field-problem').filter({ hasText: message })).toHaveCount(1);
  await expect(app(page).problems.filter({ hasText: message })).toHaveCount(1);
}

test.describe('workload fields', () => {
  test('name: set, clear, invalid', async ({ page }) => {
    await start(page, '');
    const name = inspector(page).getByLabel('Workload name');
    await expect(name).toHaveValue('shop');
    await name.fill('shop-two');
    await expectText(page, edit(base, 'name: shop #', 'name: shop-two #'));
    await name.fill('');
    await name.blur();
    // metadata is required: it stays, empty.
    await expectText(page, edit(base, 'metadata:\n  name: shop # the workload name\n', 'metadata: {}\n'));
    await name.fill('Shop');
    await name.blur();
    await expectProblem(page, field(inspector(page), '/metadata/name'), '/metadata/name');
  });

  test('annotations: add, remove, invalid key', async ({ page }) => {
    await start(page, '');
    const group = inspector(page).getByRole('group', { name: 'Annotations' });
    await group.getByLabel('New annotation').fill('example.com/team');
    await group.getByLabel('Its value').fill('payments');
    await group.getByRole('button', { name: 'Add annotation' }).click();
    const added = edit(
      base,
      'name: shop # the workload name\n',
      'name: shop # the workload name\n  annotations:\n    example.com/team: payments\n',
    );
    await expectText(page, added);
    await group.getByRole('button', { name: 'Remove example.com/team' }).click();
    await expectText(page, base);
    // An invalid key is refused by the command: the form says so and writes nothing.
    await group.getByLabel('New annotation').fill('bad key!');
    await group.getByRole('button', { name: 'Add annotation' }).click();
    await expect(page.locator('.notice[role="alert"]')).toContainText('annotation key');
    expect(await textOf(page)).toBe(base);
    // One already in the text is shown with its problem.
    const broken = edit(
      base,
      'name: shop # the workload name\n',
      'name: shop # the workload name\n  annotations:\n    "bad key!": x\n',
    );
    await setText(page, broken);
    await expectProblem(
      page,
      field(inspector(page), '/metadata/annotations/bad key!'),
      '/metadata/annotations/bad key!',
    );
  });

  test('other metadata: a key renamed stays in its place with its comment, and what reads it follows', async ({
    page,
  }) => {
    const text = edit(
      base,
      'name: shop # the workload name\n',
      'name: shop # the workload name\n  team: pay # who runs it\n  region: eu\n',
    ).replace('GREETING: hello # kept', 'GREETING: hello # kept\n      TEAM: ${metadata.team}');
    await start(page, '', text);
    const key = inspector(page).getByLabel('Metadata key name team');
    await key.fill('squad');
    await key.press('Enter');
    const renamed = edit(edit(text, 'team: pay #', 'squad: pay #'), '${metadata.team}', '${metadata.squad}');
    await expectText(page, renamed);
    await expect.poll(() => page.evaluate(() => window.scoreDesigner!.getDiagnostics().length)).toBe(0);
    // One undo step brings back the name and the reference together.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(page, text);
  });

  test('service ports: add, set target port and protocol, clear, invalid', async ({ page }) => {
    await start(page, '');
    const ports = inspector(page).getByRole('group', { name: 'Service ports' });
    await ports.getByLabel('New port name').fill('www');
    await ports.getByLabel('Its port number').fill('80');
    await ports.getByRole('button', { name: 'Add service port' }).click();
    // The service goes where the schema puts it, after the metadata; a port's fields in the schema's order.
    const service = (fields: string) =>
      edit(base, 'containers:\n', `service:\n  ports:\n    www:\n${fields}containers:\n`);
    const added = service('      port: 80\n');
    await expectText(page, added);
    const port = inspector(page).getByRole('group', { name: 'Service port www' });
    await port.getByLabel('Target port').fill('8080');
    await expectText(page, service('      port: 80\n      targetPort: 8080\n'));
    await port.getByLabel('Protocol').selectOption('UDP');
    await expectText(page, service('      port: 80\n      protocol: UDP\n      targetPort: 8080\n'));
    await port.getByLabel('Protocol').selectOption('');
    await port.getByLabel('Target port').fill('');
    await port.getByLabel('Target port').blur();
    await expectText(page, added);
    await port.getByLabel('Port', { exact: true }).fill('99999');
    await expectText(page, service('      port: 99999\n'));
    await expectProblem(page, field(port, '/service/ports/www/port'), '/service/ports/www/port');
  });
});

test.describe('container fields', () => {
  test('image: live typing is one undo step; clearing removes the key; invalid', async ({ page }) => {
    await start(page, '/containers/web');
    const image = inspector(page).getByLabel('Image', { exact: true });
    await expect(image).toHaveValue('nginx:1.27');
    await image.fill('nginx:1.28');
    await expectText(page, edit(base, 'image: nginx:1.27', 'image: nginx:1.28'));
    await image.blur();
    await app(page).undo.click();
    await expectText(page, base);
    await image.fill('');
    await image.blur();
    await expectText(page, edit(base, '    image: nginx:1.27 # pinned\n', ''));
    await expectProblem(page, field(inspector(page), '/containers/web/image'), '/containers/web/image');
  });

  test('command and args: add, edit, clear, invalid', async ({ page }) => {
    await start(page, '/containers/web');
    const command = inspector(page).getByRole('group', { name: 'Command', exact: true });
    await command.getByLabel('New command item').fill('/bin/sh');
    await command.getByLabel('New command item').press('Enter');
    // A new key goes where the schema puts it: after the image, ahead of the comment about the variables.
    const one = edit(
      base,
      '    image: nginx:1.27 # pinned\n',
      '    image: nginx:1.27 # pinned\n    command:\n      - /bin/sh\n',
    );
    await expectText(page, one);
    await command.getByLabel('Command item 1', { exact: true }).fill('/bin/bash');
    await expectText(page, edit(one, '- /bin/sh', '- /bin/bash'));
    await command.getByLabel('Command item 1', { exact: true }).fill('');
    await command.getByLabel('Command item 1', { exact: true }).blur();
    await expectText(page, base);
    const args = inspector(page).getByRole('group', { name: 'Arguments' });
    await args.getByLabel('New argument').fill('--port=80');
    await args.getByRole('button', { name: 'Add argument' }).click();
    await expectText(
      page,
      edit(base, '    image: nginx:1.27 # pinned\n', '    image: nginx:1.27 # pinned\n    args:\n      - --port=80\n'),
    );
    await args.getByRole('button', { name: 'Remove Argument 1' }).click();
    await expectText(page, base);
    // A number in a list of texts is a problem.
    await setText(
      page,
      edit(base, '    image: nginx:1.27 # pinned\n', '    image: nginx:1.27 # pinned\n    args: [5]\n'),
    );
    await expectProblem(page, field(inspector(page), '/containers/web/args/0'), '/containers/web/args/0');
  });

  test('variables: add with placeholder completion, preview, rename, remove, invalid', async ({ page }) => {
    await start(page, '/containers/web');
    const group = inspector(page).getByRole('group', { name: 'Variables' });
    // Keyboard only: name, Tab, value, Enter.
    await group.getByLabel('New variable').fill('OWNER');
    await page.keyboard.press('Tab');
    await page.keyboard.type('${metadata.name}');
    await page.keyboard.press('Enter');
    const owner = edit(
      base,
      '      GREETING: hello # kept\n',
      '      GREETING: hello # kept\n      OWNER: ${metadata.name}\n',
    );
    await expectText(page, owner);
    await expect(group.locator('.preview')).toContainText('Resolves to: shop');

    // Completion: ${ offers the roots, then resources, then the outputs of a postgres.
    const value = group.getByRole('combobox', { name: 'Value of OWNER' });
    await value.fill('');
    await value.pressSequentially('${res');
    await expect(group.getByRole('option', { name: /resources/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(value).toHaveValue('${resources.');
    await page.keyboard.type('d');
    await expect(group.getByRole('option', { name: /^db/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await page.keyboard.type('ho');
    await page.keyboard.press('Enter');
    await expect(value).toHaveValue('${resources.db.host}');
    await value.blur();
    await expectText(
      page,
      edit(base, '      GREETING: hello # kept\n', '      GREETING: hello # kept\n      OWNER: ${resources.db.host}\n'),
    );
    // The host of the database, as the Compose export sets it: the same name the Compose preview shows.
    await expect(group.locator('.preview')).toContainText(/In the Compose export: pg-\w+/);
    const host = /pg-\w+/.exec((await group.locator('.preview').textContent()) ?? '')![0];
    await page.getByRole('tab', { name: 'Compose preview' }).click();
    await expect(page.getByRole('region', { name: 'Compose preview' })).toContainText(`OWNER: ${host}`);
    await page.getByRole('tab', { name: 'Score YAML' }).click();

    await group.getByLabel('Variable OWNER').fill('DB_HOST');
    await group.getByLabel('Variable OWNER').press('Enter');
    await expectText(
      page,
      edit(
        base,
        '      GREETING: hello # kept\n',
        '      GREETING: hello # kept\n      DB_HOST: ${resources.db.host}\n',
      ),
    );
    await group.getByRole('button', { name: 'Remove DB_HOST' }).click();
    await expectText(page, base);

    const greeting = group.getByRole('combobox', { name: 'Value of GREETING' });
    await greeting.fill('${resources.nope.host}');
    await expectText(page, edit(base, 'GREETING: hello #', 'GREETING: ${resources.nope.host} #'));
    await expectProblem(page, field(group, '/containers/web/variables/GREETING'), '/containers/web/variables/GREETING');
  });

  test('moving an argument moves its own text and comment; the focus follows it', async ({ page }) => {
    const listed = edit(
      base,
      '    image: nginx:1.27 # pinned\n',
      '    image: nginx:1.27 # pinned\n    args:\n    - "--port"   # listen port\n    - \'8080\'\n    # verbose flag below\n    - -v\n',
    );
    await start(page, '/containers/web', listed);
    const args = inspector(page).getByRole('group', { name: 'Arguments' });
    await args.getByRole('button', { name: 'Move Argument 3 up' }).click();
    await expectText(
      page,
      edit(
        listed,
        "    - '8080'\n    # verbose flag below\n    - -v\n",
        "    # verbose flag below\n    - -v\n    - '8080'\n",
      ),
    );
    // The focus went with -v: pressing again moves it to the top.
    await expect(args.getByRole('button', { name: 'Move Argument 2 up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectText(
      page,
      edit(
        listed,
        '    - "--port"   # listen port\n    - \'8080\'\n    # verbose flag below\n    - -v\n',
        '    # verbose flag below\n    - -v\n    - "--port"   # listen port\n    - \'8080\'\n',
      ),
    );
    await expect(args.getByRole('button', { name: 'Move Argument 1 down' })).toBeFocused();
    await app(page).undo.click();
    await app(page).undo.click();
    await expectText(page, listed);
  });

  test('a variable over several lines is edited with its line breaks', async ({ page }) => {
    const cert = edit(
      base,
      '      GREETING: hello # kept\n',
      '      GREETING: hello # kept\n      CERT: |\n        -----BEGIN-----\n        abc\n        -----END-----\n',
    );
    await start(page, '/containers/web', cert);
    const value = inspector(page).getByRole('textbox', { name: 'Value of CERT' });
    await expect(value).toHaveValue('-----BEGIN-----\nabc\n-----END-----\n');
    await value.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('X ');
    await value.blur();
    // Only that line of the block changes: its header, the other lines and the comments stay.
    await expectText(page, edit(cert, '        -----BEGIN-----\n', '        X -----BEGIN-----\n'));
  });

  test('files: add, content, mode, source, clear, invalid', async ({ page }) => {
    await start(page, '/containers/web');
    const files = inspector(page).getByRole('group', { name: 'Files' });
    await files.getByLabel('New file path').fill('/etc/app.conf');
    await files.getByRole('button', { name: 'Add file' }).click();
    const added = edit(
      base,
      '      GREETING: hello # kept\n',
      '      GREETING: hello # kept\n    files:\n      /etc/app.conf:\n        content: ""\n',
    );
    await expectText(page, added);
    const file = inspector(page).getByRole('group', { name: 'File /etc/app.conf' });
    await file.getByRole('textbox', { name: 'Content', exact: true }).fill('port=80');
    await expectText(page, edit(added, 'content: ""', 'content: "port=80"'));
    await file.getByLabel('Mode').fill('0644');
    await expectText(page, edit(added, 'content: ""\n', 'content: "port=80"\n        mode: "0644"\n'));
    await file.getByLabel('Mode').fill('');
    await file.getByLabel('Mode').blur();
    await expectText(page, edit(added, 'content: ""', 'content: "port=80"'));
    await file.getByLabel('Leave placeholders unexpanded').check();
    await expectText(page, edit(added, 'content: ""\n', 'content: "port=80"\n        noExpand: true\n'));
    await file.getByLabel('Leave placeholders unexpanded').uncheck();
    await expectText(page, edit(added, 'content: ""', 'content: "port=80"'));
    await file.getByLabel('Mode').fill('999');
    await file.getByLabel('Mode').blur();
    await expectProblem(
      page,
      field(file, '/containers/web/files/~1etc~1app.conf/mode'),
      '/containers/web/files/~1etc~1app.conf/mode',
    );
    // Two sources at once: the problem shows on the file.
    await file.getByRole('textbox', { name: 'Source file', exact: true }).fill('./app.conf');
    await file.getByRole('textbox', { name: 'Source file', exact: true }).blur();
    await expectProblem(page, file, '/containers/web/files/~1etc~1app.conf');
    // Clearing the content removes its key, and the file is left with its source.
    await file.getByRole('textbox', { name: 'Content', exact: true }).fill('');
    await file.getByRole('textbox', { name: 'Content', exact: true }).blur();
    await expectText(page, edit(added, 'content: ""\n', 'mode: "999"\n        source: "./app.conf"\n'));
    await expect(file.locator('.field-problem')).toHaveCount(1); // only the mode's
    await file.getByRole('button', { name: 'Remove file /etc/app.conf' }).click();
    await expectText(page, base);
  });

  test('files: upload binary content as base64', async ({ page }) => {
    await start(page, '/containers/web');
    const files = inspector(page).getByRole('group', { name: 'Files' });
    await files.getByLabel('New file path').fill('/bin/tool');
    await files.getByRole('button', { name: 'Add file' }).click();
    const file = inspector(page).getByRole('group', { name: 'File /bin/tool' });
    await file
      .getByText('Upload binary content…')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tool', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2, 255]) });
    await expectText(
      page,
      edit(
        base,
        '      GREETING: hello # kept\n',
        // The empty content the new file started with gives way to the upload.
        '      GREETING: hello # kept\n    files:\n      /bin/tool:\n        binaryContent: "AAEC/w=="\n',
      ),
    );
  });

  test('volumes: add with the volume resource, read only, clear, invalid', async ({ page }) => {
    await start(page, '/containers/web');
    const volumes = inspector(page).getByRole('group', { name: 'Volumes' });
    await volumes.getByLabel('New mount path').fill('/data');
    await expect(volumes.getByLabel('Its volume source')).toHaveValue('${resources.data}');
    await volumes.getByRole('button', { name: 'Add volume' }).click();
    const added = edit(
      base,
      '      GREETING: hello # kept\n',
      '      GREETING: hello # kept\n    volumes:\n      /data:\n        source: ${resources.data}\n',
    );
    await expectText(page, added);
    const volume = inspector(page).getByRole('group', { name: 'Volume at /data' });
    await volume.getByLabel('Read only').check();
    await expectText(
      page,
      `${added.replace('source: ${resources.data}\n', 'source: ${resources.data}\n        readOnly: true\n')}`,
    );
    await volume.getByLabel('Read only').uncheck();
    await volume.getByLabel('Sub-path').fill('sub');
    await expectText(
      page,
      added.replace('source: ${resources.data}\n', 'source: ${resources.data}\n        path: sub\n'),
    );
    await volume.getByLabel('Sub-path').fill('');
    await volume.getByLabel('Sub-path').blur();
    await expectText(page, added);
    await volume.getByRole('combobox', { name: 'Volume source' }).fill('${resources.missing}');
    await expectProblem(
      page,
      field(volume, '/containers/web/volumes/~1data/source'),
      '/containers/web/volumes/~1data/source',
    );
  });

  test('cpu and memory: set, clear (the emptied parents go too), rejected amounts', async ({ page }) => {
    await start(page, '/containers/web');
    const limits = inspector(page).getByRole('group', { name: 'Limits' });
    await limits.getByLabel('CPU').fill('250m');
    const set = edit(
      base,
      '      GREETING: hello # kept\n',
      '      GREETING: hello # kept\n    resources:\n      limits:\n        cpu: 250m\n',
    );
    await expectText(page, set);
    await expect(field(limits, '/containers/web/resources/limits/cpu')).toContainText('= 0.25 CPU');
    await limits.getByLabel('Memory').fill('512Mi');
    await expectText(page, edit(set, 'cpu: 250m\n', 'cpu: 250m\n        memory: 512Mi\n'));
    await expect(field(limits, '/containers/web/resources/limits/memory')).toContainText('536,870,912 bytes');
    await limits.getByLabel('Memory').fill('');
    await limits.getByLabel('Memory').blur();
    await limits.getByLabel('CPU').fill('');
    await limits.getByLabel('CPU').blur();
    await expectText(page, base);
    await limits.getByLabel('CPU').fill('1.5m');
    await limits.getByLabel('CPU').blur();
    await expectProblem(
      page,
      field(limits, '/containers/web/resources/limits/cpu'),
      '/containers/web/resources/limits/cpu',
    );
    await limits.getByLabel('Memory').fill('12X');
    await limits.getByLabel('Memory').blur();
    await expectProblem(
      page,
      field(limits, '/containers/web/resources/limits/memory'),
      '/containers/web/resources/limits/memory',
    );
  });

  test('probes: http check fields, headers, exec command, clear, invalid', async ({ page }) => {
    await start(page, '/containers/web');
    const probe = inspector(page).getByRole('group', { name: 'Liveness probe' });
    const http = probe.getByRole('group', { name: 'HTTP check' });
    await http.getByLabel('Path').fill('/healthz');
    await http.getByLabel('Port', { exact: true }).fill('8080');
    const set = edit(
      base,
      '      GREETING: hello # kept\n',
      '      GREETING: hello # kept\n    livenessProbe:\n      httpGet:\n        path: /healthz\n        port: 8080\n',
    );
    await expectText(page, set);
    await http.getByLabel('Scheme').selectOption('HTTPS');
    await expectText(page, edit(set, 'port: 8080\n', 'port: 8080\n        scheme: HTTPS\n'));
    await http.getByLabel('Scheme').selectOption('');
    await http.getByLabel('New header name').fill('X-Check');
    await http.getByLabel('Its value').fill('1');
    await http.getByRole('button', { name: 'Add header' }).click();
    await expectText(
      page,
      edit(
        set,
        'port: 8080\n',
        'port: 8080\n        httpHeaders:\n          - name: X-Check\n            value: "1"\n',
      ),
    );
    await http.getByRole('button', { name: 'Remove header 1' }).click();
    await expectText(page, set);
    await http.getByLabel('Port', { exact: true }).fill('0');
    await http.getByLabel('Port', { exact: true }).blur();
    await expectProblem(
      page,
      field(http, '/containers/web/livenessProbe/httpGet/port'),
      '/containers/web/livenessProbe/httpGet/port',
    );
    await probe.getByRole('button', { name: 'Remove liveness probe' }).click();
    await expectText(page, base);

    const exec = inspector(page)
      .getByRole('group', { name: 'Readiness probe' })
      .getByRole('group', { name: 'Command check' });
    await exec.getByLabel('New check command item').fill('pg_isready');
    await exec.getByRole('button', { name: 'Add check command item' }).click();
    await expectText(
      page,
      edit(
        base,
        '      GREETING: hello # kept\n',
        '      GREETING: hello # kept\n    readinessProbe:\n      exec:\n        command:\n          - pg_isready\n',
      ),
    );
    await exec.getByRole('button', { name: 'Remove Check command item 1' }).click();
    await expectText(page, base);
  });

  test('start order: add, change the condition, remove, invalid', async ({ page }) => {
    await start(page, '/containers/worker');
    const order = inspector(page).getByRole('group', { name: 'Start order' });
    await order.getByLabel('Container that waits').selectOption('web');
    await order.getByLabel('Until this container').selectOption('complete');
    await order.getByRole('button', { name: 'Add start order' }).click();
    const added = edit(
      base,
      '    image: busybox\n',
      '    image: busybox\n    before:\n      web:\n        ready: complete\n',
    );
    await expectText(page, added);
    const entry = inspector(page).getByRole('group', { name: 'Starts before web' });
    await expect(entry).toContainText('web starts once worker has run to completion');
    await entry.getByLabel('Ready when').selectOption('healthy');
    await expectText(page, edit(added, 'ready: complete', 'ready: healthy'));
    // healthy needs a probe on worker: the problem is shown on the entry and in the Problems panel.
    await expectProblem(
      page,
      field(entry, '/containers/worker/before/web/ready'),
      '/containers/worker/before/web/ready',
    );
    await entry.getByRole('button', { name: 'Remove start order entry for web' }).click();
    await expectText(page, base);
  });
});

test.describe('resource fields', () => {
  test('type, class and id: set, clear, invalid', async ({ page }) => {
    await start(page, '/resources/db');
    const cls = inspector(page).getByLabel('Class');
    await cls.fill('large');
    await expectText(
      page,
      edit(base, '    type: postgres # managed\n', '    type: postgres # managed\n    class: large\n'),
    );
    await cls.fill('');
    await cls.blur();
    await expectText(page, base);
    const type = inspector(page).getByLabel('Type', { exact: true });
    await type.fill('redis');
    await expectText(page, edit(base, 'type: postgres #', 'type: redis #'));
    await expect(inspector(page).getByRole('region', { name: 'Outputs of db' })).toContainText('password');
    const id = inspector(page).getByLabel('Shared id');
    await id.fill('Bad_ID');
    await id.blur();
    await expectProblem(page, field(inspector(page), '/resources/db/id'), '/resources/db/id');
  });

  test('params: a tree of text, numbers, lists and maps', async ({ page }) => {
    await start(page, '/resources/db');
    const params = inspector(page).getByRole('group', { name: 'Params' });
    await params.getByLabel('New param name').fill('version');
    await params.getByLabel('Its value').fill('16');
    await params.getByRole('button', { name: 'Add param' }).click();
    const one = edit(
      base,
      '    type: postgres # managed\n',
      '    type: postgres # managed\n    params:\n      version: "16"\n',
    );
    await expectText(page, one);
    await params.getByLabel('Kind of version').selectOption('number');
    await expectText(page, edit(one, 'version: "16"', 'version: 16'));
    await params.getByLabel('New param name').fill('zones');
    await params.getByLabel('Its kind').selectOption('list');
    await params.getByRole('button', { name: 'Add param' }).click();
    await params.getByLabel('New item of zones', { exact: true }).fill('a');
    await params.getByRole('button', { name: 'Add item to zones' }).click();
    await expectText(page, edit(one, 'version: "16"\n', 'version: 16\n      zones: [a]\n'));
    await params.getByRole('button', { name: 'Remove zones', exact: true }).click();
    await params.getByRole('button', { name: 'Remove version' }).click();
    await expectText(page, base);
    await setText(
      page,
      edit(
        base,
        '    type: postgres # managed\n',
        '    type: postgres # managed\n    params:\n      url: ${resources.nope.host}\n',
      ),
    );
    await expectProblem(page, field(params, '/resources/db/params/url'), '/resources/db/params/url');
  });

  test('params: text that is not a number is never written as one, and says so', async ({ page }) => {
    const text = edit(
      base,
      '    type: postgres # managed\n',
      '    type: postgres # managed\n    params:\n      size: small\n      replicas: 3\n',
    );
    await start(page, '/resources/db', text);
    const params = inspector(page).getByRole('group', { name: 'Params' });
    // Adding: refused while the value is not a number, with the reason beside the button.
    await params.getByLabel('New param name').fill('zones');
    await params.getByLabel('Its kind').selectOption('number');
    await params.getByLabel('Its value').fill('three');
    await expect(params.getByRole('button', { name: 'Add param' })).toBeDisabled();
    await expect(params.locator('.add-row .field-problem')).toHaveText('“three” is not a number.');
    // Changing the kind of text that is not a number: refused, in words, and nothing written.
    await params.getByLabel('Kind of size').selectOption('number');
    await expect(page.locator('.notice[role="alert"]')).toContainText('“small” is not a number');
    await expect(params.getByLabel('Kind of size')).toHaveValue('text');
    // Typing a word into a number: shown as a problem at the field, and the number stays.
    const replicas = params.getByLabel('Value of replicas');
    await replicas.fill('three');
    await replicas.press('Enter');
    await expect(replicas).toHaveAttribute('aria-invalid', 'true');
    await expect(params.getByRole('alert')).toContainText('“three” is not a number, so 3 stays');
    expect(await textOf(page)).toBe(text);
    await replicas.fill('4');
    await replicas.press('Enter');
    await expectText(page, edit(text, 'replicas: 3', 'replicas: 4'));
    await expect(replicas).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the keyboard keeps its place when a row is added or removed with its button', async ({ page }) => {
    await start(page, '/containers/web');
    const variables = inspector(page).getByRole('group', { name: 'Variables' });
    await variables.getByLabel('New variable').fill('MODE');
    await variables.getByRole('button', { name: 'Add variable' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page)).toContain('MODE:');
    // The button is disabled until a new name is typed: the first field of the row takes the focus.
    await expect(variables.getByLabel('New variable')).toBeFocused();
    await variables.getByRole('button', { name: 'Remove GREETING' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => textOf(page)).not.toContain('GREETING');
    // The row in its place (MODE's) has the focus, on the same control.
    await expect(variables.getByRole('button', { name: 'Remove MODE' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(variables.getByLabel('New variable')).toBeFocused();
  });

  test('metadata annotations of a resource: add and remove', async ({ page }) => {
    await start(page, '/resources/data');
    const group = inspector(page).getByRole('group', { name: 'Annotations' });
    await group.getByLabel('New annotation').fill('example.com/backup');
    await group.getByLabel('Its value').fill('daily');
    await group.getByRole('button', { name: 'Add annotation' }).click();
    await expectText(page, `${base}    metadata:\n      annotations:\n        example.com/backup: daily\n`);
    await group.getByRole('button', { name: 'Remove example.com/backup' }).click();
    await expectText(page, base);
  });
});

test.describe('following the selection', () => {
  test('from the YAML caret, from a problem, and back from the form', async ({ page }) => {
    await start(page, '');
    const ui = app(page);
    await expect(inspector(page).getByRole('heading', { name: 'Workload shop' })).toBeVisible();
    // The caret on the worker's image opens the worker.
    await caretTo(page, 12, 8);
    await expect(inspector(page).getByRole('heading', { name: 'Container worker' })).toBeVisible();
    // A problem opens its container and marks its field.
    await setText(page, edit(base, 'image: busybox', 'image: ""'));
    await ui.problems.first().getByRole('button').click();
    await expect(inspector(page).getByRole('heading', { name: 'Container worker' })).toBeVisible();
    await expect(field(inspector(page), '/containers/worker/image')).toHaveClass(/is-selected/);
    // Focusing a field selects it for the other views.
    await inspector(page).getByRole('button', { name: 'Workload' }).click();
    await expect(inspector(page).getByRole('heading', { name: 'Workload shop' })).toBeFocused();
    await inspector(page).getByLabel('Workload name').focus();
    await expect(ui.selected).toHaveText('/metadata/name');
  });

  test('the parts lists open a container or resource, by keyboard', async ({ page }) => {
    await start(page, '');
    const containers = inspector(page).getByRole('group', { name: 'Containers' });
    await containers.getByRole('button', { name: 'worker' }).focus();
    await page.keyboard.press('Enter');
    await expect(inspector(page).getByRole('heading', { name: 'Container worker' })).toBeFocused();
  });

  test('the form is read-only while the text does not parse', async ({ page }) => {
    await start(page, '/containers/web');
    await setText(page, `${base}  bad: [unclosed\n`);
    // Still readable and reachable by keyboard, but nothing can be changed.
    await expect(inspector(page).getByLabel('Image', { exact: true })).not.toBeEditable();
    await expect(inspector(page).getByRole('button', { name: 'Add variable' })).toBeDisabled();
    await expect(inspector(page).getByRole('note')).toContainText('does not parse');
  });
});

/** A workload that fills every form: every group has entries, and a few fields have problems. */
const everything = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/team: web
  team: payments
service:
  ports:
    www: { port: 80, targetPort: 8080, protocol: TCP }
containers:
  web:
    image: nginx:1.27
    command: ["/bin/sh", "-c"]
    args: [run]
    variables:
      DB_HOST: \${resources.db.host}
    files:
      /etc/app.conf: { content: "x", mode: "999" }
    volumes:
      /data: { source: "\${resources.data}", readOnly: true }
    resources:
      limits: { cpu: 1.5m, memory: 1Gi }
    livenessProbe:
      httpGet: { path: /healthz, port: 8080, httpHeaders: [{ name: X-Check, value: "1" }] }
    readinessProbe:
      exec: { command: ["true"] }
    before:
      worker: { ready: started }
  worker:
    image: busybox
resources:
  db:
    type: postgres
    metadata: { annotations: { example.com/owner: data }, tier: gold }
    params: { size: { disk: 10, zones: [a, b] } }
  data:
    type: volume
`;

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation in the forms (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const pointer of ['', '/containers/web', '/resources/db']) {
      if (pointer === '') await start(page, pointer, everything);
      else await page.evaluate((p) => window.scoreDesigner!.select(p), pointer);
      await expect(inspector(page).locator('.inspector-section')).toHaveAttribute('data-pointer', pointer);
      await expect(inspector(page).getByRole('note')).toHaveCount(0); // the text parses: the form is editable
      const results = await new AxeBuilder({ page }).include('[data-pane="inspector"]').analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious, `the form of ${pointer || 'the workload'}`).toEqual([]);
    }
  });
}

/** The field or group that edits `pointer`. */
function field(scope: Locator, pointer: string): Locator {
  return scope.locator(`[data-pointer="${pointer.replace(/"/g, '\\"')}"]`).first();
}

test('Remove beside the heading removes the container or resource shown, in one undo step (issue 38, item 5)', async ({
  page,
}) => {
  const text = base.replace(
    '      GREETING: hello # kept\n',
    '      GREETING: hello # kept\n      DB: ${resources.db.host}\n',
  );
  await start(page, '/containers/worker', text);
  const ui = app(page);
  await inspector(page).getByRole('button', { name: 'Remove container worker' }).click();
  await expect.poll(() => textOf(page)).toBe(text.replace('  worker:\n    image: busybox\n', ''));
  await expect(inspector(page).getByRole('heading', { name: 'Workload shop' })).toBeFocused();
  await ui.undo.click();
  await expect.poll(() => textOf(page)).toBe(text);

  // A resource still referenced asks first; agreed, it goes with its references, in one step.
  await page.evaluate(() => window.scoreDesigner!.select('/resources/db'));
  await inspector(page).getByRole('button', { name: 'Remove resource db' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove resource db?' });
  await expect(dialog).toContainText('web › variable DB');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await textOf(page)).toBe(text);
  await inspector(page).getByRole('button', { name: 'Remove resource db' }).click();
  await dialog.getByRole('button', { name: 'Remove with its references' }).click();
  await expect.poll(() => textOf(page)).not.toContain('db');
  expect(await textOf(page)).toContain('  data:\n    type: volume\n');
  expect(await textOf(page)).toContain('GREETING: hello # kept');
  await ui.undo.click();
  await expect.poll(() => textOf(page)).toBe(text);
});
