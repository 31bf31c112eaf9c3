import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../catalog/catalog';
import { isRefusal } from '../commands/command';
import { runCommand } from '../commands/registry';
import type { DiagnosticCode } from '../diagnostics';
import { validateText } from '../validate';
import { fixAllFor, fixAllOffers, fixesFor, hasFixes, previewFix, type FixKind, type QuickFix } from './index';
import { keepsPromise } from './preview';

const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n';
const catalog = builtinCatalog();

/** The fixes of the diagnostic with this code (and pointer, when several have the code). */
function fixesOf(text: string, code: DiagnosticCode, path?: string): QuickFix[] {
  const report = validateText(text, { catalog });
  const found = report.diagnostics.filter((d) => d.code === code && (path === undefined || d.path === path));
  expect(found, `diagnostics: ${report.diagnostics.map((d) => `${d.code} ${d.path}`).join(', ')}`).toHaveLength(1);
  return fixesFor(report, found[0]!, { catalog });
}

/** Applies the fix of this kind as the app would (the command by name), checks the preview, returns the text. */
function applied(text: string, code: DiagnosticCode, kind: FixKind, path?: string): string {
  const fix = fixesOf(text, code, path).find((f) => f.kind === kind);
  if (!fix) throw new Error(`no ${kind} fix for ${code}`);
  const result = runCommand(fix.command, text, fix.args);
  if (isRefusal(result)) throw new Error(result.error);
  expect(result.text).toBe(fix.preview?.text);
  return result.text;
}

const web = (lines: string) => `${head}  web:\n    image: nginx\n${lines}`;

describe('quick fixes of values', () => {
  it('writes memory and CPU in Score units, keeping the quoting and the comment', () => {
    const text = web(
      '    resources:\n      limits:\n        memory: "512mb" # for the cache\n        cpu: 0.5 cores\n',
    );
    const memory = '/containers/web/resources/limits/memory';
    expect(fixesOf(text, 'PATTERN_MISMATCH', memory).map((f) => f.title)).toEqual(['Write "512Mi" instead of "512mb"']);
    expect(applied(text, 'PATTERN_MISMATCH', 'memory-unit', memory)).toBe(text.replace('"512mb"', '"512Mi"'));
    expect(applied(text, 'PATTERN_MISMATCH', 'cpu-unit', '/containers/web/resources/limits/cpu')).toBe(
      text.replace('0.5 cores', '"0.5"'), // plain 0.5 would read as a number
    );
  });

  it('puts a number or true/false in quotes where text belongs, as written', () => {
    const text = web('    variables:\n      DEBUG: true\n      RATIO: 1.50\n');
    expect(applied(text, 'TYPE_MISMATCH', 'quote-value', '/containers/web/variables/DEBUG')).toBe(
      text.replace('DEBUG: true', 'DEBUG: "true"'),
    );
    expect(applied(text, 'TYPE_MISMATCH', 'quote-value', '/containers/web/variables/RATIO')).toBe(
      text.replace('RATIO: 1.50', 'RATIO: "1.50"'),
    );
  });

  it('takes the quotes off a port, and sets a missing port from its targetPort', () => {
    const quoted = `${web('')}service:\n  ports:\n    www:\n      port: "8080"\n`;
    expect(applied(quoted, 'TYPE_MISMATCH', 'unquote-number')).toBe(quoted.replace('"8080"', '8080'));
    const missing = `${web('')}service:\n  ports:\n    www:\n      targetPort: 8080\n`;
    expect(applied(missing, 'REQUIRED_FIELD', 'port-from-target')).toBe(`${missing}      port: 8080\n`);
  });

  it('writes an allowed value in the case Score expects', () => {
    const text = `${web('')}service:\n  ports:\n    www:\n      port: 53\n      protocol: udp\n`;
    expect(applied(text, 'INVALID_ENUM', 'enum-case')).toBe(text.replace('udp', 'UDP'));
  });

  it('writes the Score version, a valid workload name, a file mode and a resource id', () => {
    expect(applied(web('').replace('v1b1', 'v1beta1'), 'PATTERN_MISMATCH', 'api-version')).toBe(web(''));
    const noVersion = web('').replace('apiVersion: score.dev/v1b1\n', '');
    expect(applied(noVersion, 'REQUIRED_FIELD', 'api-version')).toBe(`${noVersion}apiVersion: score.dev/v1b1\n`);
    expect(applied(web('').replace('name: shop', 'name: My Shop'), 'PATTERN_MISMATCH', 'valid-name')).toBe(
      web('').replace('name: shop', 'name: my-shop'),
    );
    const mode = web('    files:\n      /etc/app.conf:\n        content: x\n        mode: rw-r-----\n');
    expect(applied(mode, 'PATTERN_MISMATCH', 'file-mode')).toBe(mode.replace('rw-r-----', '"0640"'));
    const unreadable = web('    files:\n      /etc/app.conf:\n        content: x\n        mode: "0200"\n');
    expect(applied(unreadable, 'FILE_MODE_NOT_READABLE', 'file-mode')).toBe(unreadable.replace('0200', '0600'));
    const id = `${web('')}resources:\n  db:\n    type: postgres\n    id: Shared.DB\n`;
    expect(applied(id, 'PATTERN_MISMATCH', 'resource-id')).toBe(id.replace('Shared.DB', 'shared.db'));
  });
});

describe('quick fixes of fields and names', () => {
  it('renames a misspelt field to the one it likely means, or removes it', () => {
    const text = `${head}  web:\n    image: nginx\n    varibles:\n      A: "1"\n`;
    expect(fixesOf(text, 'UNKNOWN_FIELD').map((f) => [f.title, f.preferred, f.fixAll])).toEqual([
      ['Rename "varibles" to "variables"', true, true],
      ['Remove "varibles"', false, false],
    ]);
    expect(applied(text, 'UNKNOWN_FIELD', 'rename-unknown-field')).toBe(text.replace('varibles', 'variables'));
    expect(applied(text, 'UNKNOWN_FIELD', 'remove-unknown-field')).toBe(`${head}  web:\n    image: nginx\n`);
  });

  it('does not rename a field onto one that is there, nor to target in the map form', () => {
    expect(fixesOf(web('    imagee: x\n'), 'UNKNOWN_FIELD').map((f) => f.kind)).toEqual(['remove-unknown-field']);
    const file = web('    files:\n      /etc/a:\n        content: x\n        targte: /etc/a\n');
    expect(fixesOf(file, 'UNKNOWN_FIELD').map((f) => f.kind)).toEqual(['remove-unknown-field']);
  });

  it('gives containers and resources valid names, and renames what refers to them', () => {
    const text = `${head}  Web_App:\n    image: nginx\n    variables:\n      DB: \${resources.My_DB.host}\n  worker:\n    image: busybox\n    before:\n      Web_App: {ready: started}\nresources:\n  My_DB:\n    type: postgres\n`;
    const renamed = applied(text, 'INVALID_NAME', 'valid-name', '/containers/Web_App');
    expect(renamed).toBe(text.replaceAll('Web_App', 'web-app'));
    expect(applied(renamed, 'INVALID_NAME', 'valid-name', '/resources/My_DB')).toBe(
      renamed.replaceAll('My_DB', 'my-db'),
    );
  });

  it('turns files or volumes written as a list into the map form', () => {
    const text = web(
      '    volumes:\n      - target: /data\n        source: ${resources.data}\nresources:\n  data:\n    type: volume\n',
    );
    expect(applied(text, 'DEPRECATED_ARRAY_FORM', 'map-form')).toBe(text.replace('- target: /data', '/data:'));
  });

  it('removes target from a map-form file', () => {
    const text = web('    files:\n      /etc/a:\n        target: /etc/a\n        content: x\n');
    expect(applied(text, 'DEPRECATED_TARGET', 'remove-deprecated-target')).toBe(
      text.replace('        target: /etc/a\n', ''),
    );
  });
});

describe('quick fixes of start order', () => {
  const two = (before: string) => `${head}  db:\n    image: postgres\n    before:\n${before}  web:\n    image: nginx\n`;

  it('waits until started where healthy has no probe to tell', () => {
    const text = two('      web:\n        ready: healthy\n');
    const [fix] = fixesOf(text, 'HEALTHY_WITHOUT_PROBE');
    expect(fix?.title).toBe('Wait until "db" has started (healthy needs a readiness or liveness probe on "db")');
    expect(applied(text, 'HEALTHY_WITHOUT_PROBE', 'healthy-to-started')).toBe(text.replace('healthy', 'started'));
  });

  it('names the container a misspelt entry likely means, or removes the entry; removes a self reference', () => {
    const typo = two('      wbe: {ready: started}\n');
    expect(fixesOf(typo, 'BEFORE_UNKNOWN_CONTAINER').map((f) => f.kind)).toEqual([
      'rename-start-order',
      'remove-start-order',
    ]);
    expect(applied(typo, 'BEFORE_UNKNOWN_CONTAINER', 'rename-start-order')).toBe(typo.replace('wbe', 'web'));
    const self = two('      db: {ready: started}\n      web: {ready: started}\n');
    expect(applied(self, 'BEFORE_SELF_REFERENCE', 'remove-self-start-order')).toBe(
      self.replace('      db: {ready: started}\n', ''),
    );
  });

  it('breaks a cycle at the entry that closes it', () => {
    const text = `${head}  a:\n    image: x\n    before:\n      b: {ready: started}\n  b:\n    image: y\n    before:\n      a: {ready: started}\n`;
    expect(applied(text, 'BEFORE_CYCLE', 'break-cycle')).toBe(
      `${head}  a:\n    image: x\n    before:\n      b: {ready: started}\n  b:\n    image: y\n`,
    );
  });

  it('offers both ways out of a request above its limit', () => {
    const text = web('    resources:\n      limits:\n        memory: 256Mi\n      requests:\n        memory: 1Gi\n');
    expect(fixesOf(text, 'REQUEST_ABOVE_LIMIT').map((f) => f.title)).toEqual([
      'Lower the memory request to the limit, "256Mi"',
      'Raise the memory limit to the request, "1Gi"',
    ]);
  });
});

describe('quick fixes of placeholders', () => {
  it('declares a missing resource as the catalog types that give what the placeholders read', () => {
    const text = web('    variables:\n      HOST: ${resources.db.host}\n      NAME: ${resources.db.database}\n');
    const fixes = fixesOf(text, 'UNKNOWN_RESOURCE', '/containers/web/variables/HOST');
    expect(fixes.map((f) => f.title)).toEqual([
      'Declare resource "db" of type postgres',
      'Declare resource "db" of type mysql',
    ]);
    expect(applied(text, 'UNKNOWN_RESOURCE', 'declare-resource', '/containers/web/variables/HOST')).toBe(
      `${text}resources:\n  db:\n    type: postgres\n`,
    );
  });

  it('reads the resource, root or metadata key a placeholder likely means, changing only that placeholder', () => {
    const text = `${web("    variables:\n      A: 'at ${resources.dbb.host} and ${resources.dbb.port}'\n")}resources:\n  db:\n    type: postgres\n`;
    const report = validateText(text, { catalog });
    const [first, second] = report.diagnostics.filter((d) => d.code === 'UNKNOWN_RESOURCE');
    const fix = fixesFor(report, first!, { catalog }).find((f) => f.kind === 'rename-placeholder-resource');
    expect(fix?.title).toBe('Read resources.db (not dbb)');
    expect(fix?.preview?.text).toBe(text.replace('dbb.host', 'db.host'));
    expect(fixesFor(report, second!, { catalog })[0]?.preview?.text).toBe(text.replace('dbb.port', 'db.port'));

    const root = `${web('    variables:\n      A: ${resource.db.host}\n')}resources:\n  db:\n    type: postgres\n`;
    expect(applied(root, 'UNKNOWN_PLACEHOLDER_ROOT', 'placeholder-root')).toBe(root.replace('resource.', 'resources.'));
    const meta = web('    variables:\n      A: "${metadata.nmae}"\n');
    expect(applied(meta, 'UNKNOWN_METADATA_KEY', 'placeholder-metadata-key')).toBe(meta.replace('nmae', 'name'));
  });

  it('escapes a "${" never closed, which score-compose keeps as text', () => {
    const text = web("    variables:\n      A: 'cost: ${5'\n");
    expect(applied(text, 'UNTERMINATED_PLACEHOLDER', 'escape-unterminated')).toBe(text.replace('${5', () => '$${5'));
  });
});

describe('quick fixes of the catalog layer', () => {
  it('uses the type a misspelt one likely means, and renames or removes a param no provisioner uses', () => {
    const typo = `${web('')}resources:\n  db:\n    type: postgress\n`;
    expect(applied(typo, 'NO_PROVISIONER', 'catalog-type')).toBe(typo.replace('postgress', 'postgres'));
    const param = `${web('')}resources:\n  data:\n    type: volume\n    params:\n      size: 1Gi\n`;
    expect(fixesOf(param, 'UNSUPPORTED_PARAM').map((f) => f.kind)).toEqual(['remove-param']);
    expect(applied(param, 'UNSUPPORTED_PARAM', 'remove-param')).toBe(
      `${web('')}resources:\n  data:\n    type: volume\n`,
    );
  });
});

describe('fix all of a kind', () => {
  const text = web(
    '    variables:\n      DEBUG: true # on\n      PORT: 8080\n      NAME: x\n    resources:\n      limits:\n        memory: 1GB\n',
  );

  it('offers the kinds two problems or more share, and fixes them all as one command', () => {
    const report = validateText(text, { catalog });
    expect(fixAllOffers(report, { catalog })).toEqual([
      { kind: 'quote-value', count: 2, title: 'Fix all 2: numbers and true/false where text belongs, in quotes' },
    ]);
    const fix = fixAllFor(report, 'quote-value', { catalog });
    expect(fix?.command).toBe('runSteps');
    expect(fix?.problems.map((d) => d.path)).toEqual([
      '/containers/web/variables/DEBUG',
      '/containers/web/variables/PORT',
    ]);
    expect(fix?.preview).toMatchObject({
      range: { line: 8, column: 1, endLine: 9, endColumn: 17 },
      before: '      DEBUG: true # on\n      PORT: 8080',
      after: '      DEBUG: "true" # on\n      PORT: "8080"',
    });
    const result = runCommand(fix!.command, text, fix!.args);
    expect(!isRefusal(result) && result.text).toBe(text.replace('true', '"true"').replace('8080', '"8080"'));
    expect(!isRefusal(result) && result.edits).toHaveLength(2);
  });

  it('offers nothing for one problem of a kind, or a kind that is not safe to fix all at once', () => {
    const report = validateText(text, { catalog });
    expect(fixAllFor(report, 'memory-unit', { catalog })).toBeUndefined();
    const unknown = validateText(web('    imagee: x\n    comand: [a]\n'), { catalog });
    expect(fixAllOffers(unknown, { catalog })).toEqual([]);
    expect(fixAllFor(unknown, 'remove-unknown-field', { catalog })).toBeUndefined();
  });

  it('gives names that differ when several would become the same', () => {
    const two = `${head}  Web_A:\n    image: x\n  WEB-A:\n    image: y\n`;
    const report = validateText(two, { catalog });
    const fix = fixAllFor(report, 'valid-name', { catalog });
    expect(fix?.preview?.text).toBe(`${head}  web-a-2:\n    image: x\n  web-a:\n    image: y\n`);
  });
});

describe('what is offered', () => {
  it('says cheaply which problems have fixes', () => {
    expect(hasFixes({ code: 'PATTERN_MISMATCH' })).toBe(true);
    expect(hasFixes({ code: 'SYNTAX_ERROR' })).toBe(false);
    expect(hasFixes({ code: 'DUPLICATE_PORT' })).toBe(false);
  });

  it('offers nothing on a document that does not read', () => {
    const report = validateText('containers: [\n', { catalog });
    for (const d of report.diagnostics) expect(fixesFor(report, d, { catalog })).toEqual([]);
  });

  it('keeps a fix only when it removes its problem and adds no error', () => {
    const text = web('    variables:\n      A: 1\n      B: 2\n');
    const before = validateText(text, { catalog }).diagnostics;
    const a = before.find((d) => d.path === '/containers/web/variables/A')!;
    const fixedA = text.replace('A: 1', 'A: "1"');
    expect(keepsPromise(before, [a], fixedA, { catalog })).toBe(true);
    expect(keepsPromise(before, [a], text.replace('B: 2', 'B: "2"'), { catalog })).toBe(false); // A is still there
    expect(keepsPromise(before, [a], fixedA.replace('image: nginx', 'image: ""'), { catalog })).toBe(false); // a new error
  });

  it('does not guess "healthy" for a start order whose container has no probe', () => {
    const text = `${head}  db:\n    image: postgres\n    before:\n      web: {ready: helthy}\n  web:\n    image: nginx\n`;
    expect(fixesOf(text, 'INVALID_ENUM')).toEqual([]);
    const probed = text.replace(
      'image: postgres\n',
      'image: postgres\n    readinessProbe: {exec: {command: [pg_isready]}}\n',
    );
    expect(applied(probed, 'INVALID_ENUM', 'enum-guess')).toBe(probed.replace('helthy', 'healthy'));
  });

  it('previews the lines a fix changes', () => {
    const text = web('    variables:\n      A: 1\n');
    expect(
      previewFix(text, { command: 'setField', args: { pointer: '/containers/web/variables/A', value: '1' } }),
    ).toMatchObject({
      range: { line: 8, column: 1, endLine: 8, endColumn: 11 },
      before: '      A: 1',
      after: '      A: "1"',
    });
    expect(previewFix(text, { command: 'removeContainer', args: { name: 'nobody' } })).toBeUndefined();
  });
});
