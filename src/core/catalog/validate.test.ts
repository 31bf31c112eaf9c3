import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics';
import { validateText } from '../validate';
import { buildCatalog } from './build';
import { builtinCatalog } from './catalog';
import type { Catalog } from './types';

/** The catalog layer: warnings about what the loaded provisioners give and take. */
const catalog = builtinCatalog();

function workload(resources: string, variables = ''): string {
  return `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
${variables ? `    variables:\n${variables}` : ''}resources:
${resources}`;
}

function catalogWarnings(text: string, with_: Catalog = catalog): Diagnostic[] {
  return validateText(text, { catalog: with_ }).diagnostics.filter((d) => d.source === 'catalog');
}

/** The text a diagnostic's range covers (single-line ranges). */
function covered(text: string, d: Diagnostic): string {
  const line = text.split('\n')[d.range.line - 1]!;
  return line.slice(d.range.column - 1, d.range.endColumn - 1);
}

describe('outputs', () => {
  it('warns about an output the provisioner does not give, with a did-you-mean, at the placeholder', () => {
    const text = workload('  db:\n    type: postgres\n', '      DB_HOST: ${resources.db.hots}\n');
    const [warning, ...rest] = catalogWarnings(text);
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({
      severity: 'warning',
      code: 'UNKNOWN_OUTPUT',
      path: '/containers/web/variables/DB_HOST',
    });
    expect(warning!.message).toContain('Did you mean "host"?');
    expect(warning!.message).toContain('"hots"');
    expect(covered(text, warning!)).toBe('${resources.db.hots}');
  });

  it('accepts every output the provisioner lists, in variables, files and params', () => {
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    variables:
      URL: "postgres://\${resources.db.username}:\${resources.db.password}@\${resources.db.host}:\${resources.db.port}/\${resources.db.database}"
    files:
      /etc/app.conf:
        content: "cache=\${resources.cache.host}"
resources:
  db:
    type: postgres
  cache:
    type: redis
  upstream:
    type: service-port
    params:
      workload: backend
      port: "\${resources.cache.port}"
`;
    expect(catalogWarnings(text)).toEqual([]);
  });

  it('warns in file content too, and says when a type gives no outputs at all', () => {
    const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    files:
      /etc/x:
        content: "\${resources.r.url}"
resources:
  r:
    type: route
    params:
      host: x.localhost
      path: /
      port: web
`;
    const warnings = catalogWarnings(text);
    expect(warnings.map((d) => d.code)).toEqual(['UNKNOWN_OUTPUT']);
    expect(warnings[0]!.message).toContain('gives no outputs');
  });

  it('lets an environment resource give any output', () => {
    const text = workload('  env:\n    type: environment\n', '      A: ${resources.env.ANYTHING_AT_ALL}\n');
    expect(catalogWarnings(text)).toEqual([]);
  });

  it('does not guess about template provisioners that do not list their outputs', () => {
    const undeclared = '- uri: template://x/queue\n  type: queue\n  outputs: "url: amqp://q"\n';
    const declared = `${undeclared}  expected_outputs: [url]\n`;
    const text = workload('  q:\n    type: queue\n', '      A: ${resources.q.whatever}\n');
    const load = (t: string) => buildCatalog([{ name: 'x.yaml', text: t }]).catalog;
    expect(catalogWarnings(text, load(undeclared))).toEqual([]);
    expect(catalogWarnings(text, load(declared)).map((d) => d.code)).toEqual(['UNKNOWN_OUTPUT']);
  });

  it('reads the outputs of the provisioner that matches the class', () => {
    const file =
      '- uri: template://x/pg\n  type: postgres\n  class: managed\n  expected_outputs: [dsn]\n  outputs: "dsn: x"\n';
    const loaded = buildCatalog([{ name: 'x.yaml', text: file }]).catalog;
    const managed = workload(
      '  db:\n    type: postgres\n    class: managed\n',
      '      A: ${resources.db.dsn}\n      B: ${resources.db.host}\n',
    );
    expect(catalogWarnings(managed, loaded).map((d) => d.path)).toEqual(['/containers/web/variables/B']);
    const plain = workload(
      '  db:\n    type: postgres\n',
      '      A: ${resources.db.dsn}\n      B: ${resources.db.host}\n',
    );
    expect(catalogWarnings(plain, loaded).map((d) => d.path)).toEqual(['/containers/web/variables/A']);
  });

  it('leaves unknown resources and command/args to the rules layer', () => {
    const text = `${workload('  db:\n    type: postgres\n', '      A: ${resources.nope.host}\n')}`;
    expect(catalogWarnings(text)).toEqual([]);
    const args = workload('  db:\n    type: postgres\n').replace(
      'image: nginx',
      'image: nginx\n    args: ["${resources.db.hots}"]',
    );
    expect(catalogWarnings(args)).toEqual([]);
  });
});

describe('provisioners', () => {
  it('warns about a resource no provisioner matches, with a did-you-mean on the type', () => {
    const text = workload('  db:\n    type: postgress\n');
    const [warning, ...rest] = catalogWarnings(text);
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ code: 'NO_PROVISIONER', path: '/resources/db/type' });
    expect(warning!.message).toContain(
      'would not deploy with score-compose: no provisioner for type "postgress" class "default"',
    );
    expect(warning!.message).toContain('Did you mean "postgres"?');
    expect(covered(text, warning!)).toBe('postgress');
  });

  it('names the classes there are when only another class of the type is provided', () => {
    const file = '- uri: template://x/bucket\n  type: gcs\n  class: eu\n  outputs: "name: b"\n';
    const loaded = buildCatalog([{ name: 'x.yaml', text: file }]).catalog;
    const text = workload('  b:\n    type: gcs\n    class: ue\n');
    const [warning] = catalogWarnings(text, loaded);
    expect(warning!.code).toBe('NO_PROVISIONER');
    expect(warning!.message).toContain('class "ue"');
    expect(warning!.message).toContain('take class "eu"');
    expect(catalogWarnings(workload('  b:\n    type: gcs\n    class: eu\n'), loaded)).toEqual([]);
  });

  it('warns that a cmd:// provisioner cannot run in the browser', () => {
    const file = '- uri: cmd://x/vault\n  type: vault\n  expected_outputs: [token]\n';
    const loaded = buildCatalog([{ name: 'x.yaml', text: file }]).catalog;
    const warnings = catalogWarnings(workload('  v:\n    type: vault\n', '      T: ${resources.v.token}\n'), loaded);
    expect(warnings.map((d) => d.code)).toEqual(['PROVISIONER_CANNOT_RUN']);
    expect(warnings[0]!.message).toContain('cannot run in a browser');
  });
});

describe('params', () => {
  it('flags a param the provisioner does not support, at its key, with a did-you-mean', () => {
    const text = workload('  up:\n    type: service-port\n    params:\n      workload: backend\n      prot: web\n');
    const warnings = catalogWarnings(text);
    expect(warnings.map((d) => d.code).sort()).toEqual(['MISSING_PARAM', 'UNSUPPORTED_PARAM']);
    const warning = warnings.find((d) => d.code === 'UNSUPPORTED_PARAM')!;
    expect(warning.path).toBe('/resources/up/params/prot');
    expect(warning.message).toContain('Did you mean "port"?');
    expect(covered(text, warning)).toBe('prot');
    // ...and the required port is then missing.
    expect(warnings.find((d) => d.code === 'MISSING_PARAM')!.message).toContain('needs param "port"');
  });

  it('flags params given to a type that takes none, and asks for required ones', () => {
    const text = workload('  db:\n    type: postgres\n    params:\n      size: large\n  up:\n    type: service-port\n');
    const warnings = catalogWarnings(text);
    expect(warnings.map((d) => [d.code, d.path])).toEqual([
      ['UNSUPPORTED_PARAM', '/resources/db/params/size'],
      ['MISSING_PARAM', '/resources/up'],
      ['MISSING_PARAM', '/resources/up'],
    ]);
    expect(warnings[0]!.message).toContain('takes no params');
    expect(warnings[1]!.message).toContain('(for example workload: backend)');
  });

  it('does not flag params of a template provisioner that does not list them', () => {
    const file = '- uri: template://x/queue\n  type: queue\n  outputs: "url: amqp://q"\n';
    const loaded = buildCatalog([{ name: 'x.yaml', text: file }]).catalog;
    expect(catalogWarnings(workload('  q:\n    type: queue\n    params:\n      anything: 1\n'), loaded)).toEqual([]);
  });
});

describe('the layer in validation', () => {
  it('runs only when a catalog is given, after the other layers, as warnings that keep the workload valid', () => {
    const text = workload('  db:\n    type: postgres\n', '      DB_HOST: ${resources.db.hots}\n');
    expect(validateText(text).diagnostics).toEqual([]);
    const report = validateText(text, { catalog });
    expect(report.valid).toBe(true);
    expect(report.warnings).toBe(1);
  });

  it('does nothing on text that does not parse, or on any shape of data', () => {
    expect(catalogWarnings('resources: [\n')).toEqual([]);
    for (const text of [
      '[]',
      'resources: 3',
      'resources:\n  a: 1\n  b:\n    type: 7\n',
      'resources:\n  a:\n    type: redis\n    params: [1]\n',
    ]) {
      expect(() => catalogWarnings(text)).not.toThrow();
    }
  });
});

describe('after an edit elsewhere', () => {
  it('gives what a check from scratch gives: the warnings follow the text, the catalog and the names', () => {
    const before = workload(
      '  db:\n    type: postgress\n  up:\n    type: service-port\n    params:\n      prot: web\n',
    );
    const first = validateText(before, { catalog });
    // Lines typed into the container above the resources: the resources' data is carried over as it was.
    const after = before.replace('    image: nginx\n', '    image: nginx\n    command: ["run"]\n    args: ["--now"]\n');
    const again = validateText(after, { catalog, previous: first.parsed });
    const resourcesOf = (value: unknown) => (value as { resources: Record<string, object> }).resources;
    expect(resourcesOf(again.parsed.value).db).toBe(resourcesOf(first.parsed.value).db);
    const fresh = catalogWarnings(after);
    expect(new Set(fresh.map((d) => d.code))).toEqual(
      new Set(['MISSING_PARAM', 'NO_PROVISIONER', 'UNSUPPORTED_PARAM']),
    );
    expect(again.diagnostics.filter((d) => d.source === 'catalog')).toEqual(fresh);
    for (const d of fresh)
      expect(d.range.line).toBe(catalogWarnings(before).find((w) => w.code === d.code)!.range.line + 2);

    // Another catalog, or another workload name, is judged again.
    const file = '- uri: template://x/pg\n  type: postgress\n  outputs: "host: h"\n';
    const loaded = buildCatalog([{ name: 'x.yaml', text: file }]).catalog;
    const withLoaded = validateText(after, { catalog: loaded, previous: again.parsed });
    expect(withLoaded.diagnostics.filter((d) => d.source === 'catalog')).toEqual(catalogWarnings(after, loaded));
    const renamed = after.replace('name: shop', 'name: shop-2');
    expect(validateText(renamed, { catalog, previous: again.parsed }).diagnostics).toEqual(
      validateText(renamed, { catalog }).diagnostics,
    );
  });
});
