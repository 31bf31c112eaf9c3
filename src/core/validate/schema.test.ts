import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, TextRange } from '../diagnostics';
import { parseWorkloadText } from '../document/parse';
import { closestField } from '../workload/did-you-mean';
import { PATTERN_HINTS, requiredMessage } from './messages';
import { validateSchema } from './schema';

const validate = (text: string): Diagnostic[] => validateSchema(parseWorkloadText(text));

/** The range of the n-th occurrence of `needle` in `text`, as the diagnostics count (1-based, end exclusive). */
function rangeOfText(text: string, needle: string, nth = 0): TextRange {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`"${needle}" not in the text`);
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = before[before.length - 1]!.length + 1;
  return { line, column, endLine: line, endColumn: column + needle.length };
}

/** A workload with one container "web", and `extra` lines indented under it. */
function workload(extra: string, tail = ''): string {
  return `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx:1.27
${extra}${tail}`;
}

function only(diagnostics: Diagnostic[]): Diagnostic {
  expect(diagnostics, JSON.stringify(diagnostics, null, 1)).toHaveLength(1);
  return diagnostics[0]!;
}

describe('validateSchema', () => {
  it('finds nothing wrong in a valid workload, and nothing at all when the syntax layer blocked', () => {
    expect(validate(workload('    variables:\n      A: "1"\n'))).toEqual([]);
    expect(validate('apiVersion: [unclosed\n')).toEqual([]);
  });

  it("names a missing required field in the user's terms, on the key of the mapping that lacks it", () => {
    const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    command: ["run"]\n';
    const d = only(validate(text));
    expect(d).toMatchObject({
      code: 'REQUIRED_FIELD',
      path: '/containers/web/image',
      severity: 'error',
      source: 'schema',
    });
    expect(d.message).toBe('Container "web" needs an image, such as "nginx:1.27".');
    expect(d.range).toEqual(rangeOfText(text, 'web'));
  });

  it('puts a field missing at the top on the first line, not on the whole document', () => {
    const text = '# my workload\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'REQUIRED_FIELD', path: '/apiVersion' });
    expect(d.message).toContain('apiVersion: score.dev/v1b1');
    expect(d.range).toEqual(rangeOfText(text, 'metadata:'));
  });

  it('explains a value that does not match its pattern, on the value', () => {
    const text = workload('    resources:\n      limits:\n        memory: 1GB\n');
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'PATTERN_MISMATCH', path: '/containers/web/resources/limits/memory' });
    expect(d.message).toBe(
      'Memory limit "1GB" of container "web" is not a valid quantity: use a number with an optional unit such as 512Mi or 1G.',
    );
    expect(d.range).toEqual(rangeOfText(text, '1GB'));
  });

  it('accepts the quantities of spec 0.4 (fractions, exa units, decimal CPUs) and rejects malformed ones', () => {
    const limits = (memory: string, cpu: string) =>
      validate(workload(`    resources:\n      requests:\n        memory: "${memory}"\n        cpu: "${cpu}"\n`));
    expect(limits('0.5Gi', '0.25')).toEqual([]);
    expect(limits('2Ei', '250m')).toEqual([]);
    expect(limits('1.5', '2')).toEqual([]);
    expect(limits('.5Gi', '2').map((d) => d.code)).toEqual(['PATTERN_MISMATCH']);
    expect(limits('512Mi', '1.5m').map((d) => d.path)).toEqual(['/containers/web/resources/requests/cpu']);
  });

  it('says which numbers a port allows', () => {
    const text = workload('', 'service:\n  ports:\n    www:\n      port: 70000\n');
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'VALUE_OUT_OF_RANGE', path: '/service/ports/www/port' });
    expect(d.message).toBe('Port 70000 of service port "www" is out of range: use a number from 1 to 65535.');
    expect(only(validate(workload('', 'service:\n  ports:\n    www:\n      port: 0\n'))).message).toContain(
      '1 to 65535',
    );
  });

  it('tells how to fix a value of the wrong type', () => {
    const quoted = only(validate(workload('    resources:\n      limits:\n        memory: 512\n')));
    expect(quoted).toMatchObject({ code: 'TYPE_MISMATCH', path: '/containers/web/resources/limits/memory' });
    expect(quoted.message).toBe(
      'Memory limit of container "web" must be text, not the number 512: put it in quotes ("512").',
    );

    const port = only(validate(workload('', 'service:\n  ports:\n    www:\n      port: "80"\n')));
    expect(port.message).toBe(
      'Port of service port "www" must be a whole number, not the text "80": remove the quotes (80).',
    );

    const text = workload('    variables:\n      MODE:\n');
    const empty = only(validate(text));
    expect(empty).toMatchObject({ code: 'TYPE_MISMATCH', path: '/containers/web/variables/MODE' });
    expect(empty.message).toContain('the value is empty');
    expect(empty.range).toEqual(rangeOfText(text, 'MODE'));
  });

  it('reports a wrong type once, with the allowed values when the field is a choice', () => {
    const d = only(
      validate(workload('    livenessProbe:\n      httpGet:\n        path: /\n        port: 80\n        scheme: 5\n')),
    );
    expect(d.code).toBe('TYPE_MISMATCH');
    expect(d.message).toContain('use HTTP or HTTPS');
  });

  it('lists the allowed values of a choice', () => {
    const d = only(validate(workload('', 'service:\n  ports:\n    www:\n      port: 80\n      protocol: SCTP\n')));
    expect(d).toMatchObject({ code: 'INVALID_ENUM', path: '/service/ports/www/protocol' });
    expect(d.message).toBe('Protocol "SCTP" of service port "www" is not allowed: use TCP or UDP.');
    const ready = only(validate(workload('    before:\n      db:\n        ready: soon\n')));
    expect(ready.message).toContain('use started, healthy or complete');
  });

  it('marks an unknown field on its key and suggests the field that was meant', () => {
    const text = workload('    imge: nginx\n');
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'UNKNOWN_FIELD', path: '/containers/web/imge' });
    expect(d.message).toBe('Container "web" has an unknown field "imge". Did you mean "image"?');
    expect(d.range).toEqual(rangeOfText(text, 'imge'));

    for (const key of ['readonly', 'read_only', 'ReadOnly']) {
      const v = only(validate(workload(`    volumes:\n      /data:\n        source: x\n        ${key}: true\n`)));
      expect(v.message).toContain('Did you mean "readOnly"?');
    }
    const far = only(validate(workload('', 'kind: Workload\n')));
    expect(far.message).toBe(
      'The workload has an unknown top-level field "kind": the allowed fields are apiVersion, metadata, service, containers, resources.',
    );
  });

  it('marks an invalid name on the name itself', () => {
    const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  Web:\n    image: nginx\n';
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'INVALID_NAME', path: '/containers/Web' });
    expect(d.message).toBe(
      'Container name "Web" is not valid: use 2 to 63 lowercase letters, digits and \'-\', starting and ending with a letter or digit.',
    );
    expect(d.range).toEqual(rangeOfText(text, 'Web'));

    const long = 'r'.repeat(64);
    const tooLong = only(validate(workload('', `resources:\n  ${long}:\n    type: postgres\n`)));
    expect(tooLong).toMatchObject({ code: 'INVALID_NAME', path: `/resources/${long}` });
    expect(tooLong.message).toContain('is too long (64 characters): use at most 63');
  });

  it('reports lengths: an empty image, a too long resource type', () => {
    const text = workload('').replace('image: nginx:1.27', 'image: ""');
    const empty = only(validate(text));
    expect(empty).toMatchObject({ code: 'TOO_SHORT', path: '/containers/web/image' });
    expect(empty.message).toBe('Image of container "web" is empty: give an image, such as "nginx:1.27".');
    expect(empty.range).toEqual(rangeOfText(text, '""'));

    const long = only(validate(workload('', `resources:\n  db:\n    type: ${'p'.repeat(70)}\n`)));
    expect(long.code).toBe('TOO_LONG');
    expect(long.message).toContain('is too long (70 characters): use at most 63');
  });

  it('asks for at least one container', () => {
    const d = only(validate('apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers: {}\n'));
    expect(d).toMatchObject({ code: 'TOO_FEW_ITEMS', path: '/containers' });
    expect(d.message).toContain('add at least one');
  });
});

describe('validateSchema on oneOf / anyOf: the branch the author meant', () => {
  const noise = /oneOf|anyOf|must match|must be array|must be object/;

  it('reports only map-form problems for a files mapping', () => {
    const d = only(validate(workload('    files:\n      /etc/app.conf:\n        content: hi\n        mode: rw\n')));
    expect(d).toMatchObject({ code: 'PATTERN_MISMATCH', path: '/containers/web/files/~1etc~1app.conf/mode' });
    expect(d.message).toContain('Mode "rw" of file "/etc/app.conf" in container "web" is not a valid file mode');
  });

  it('reports only list-form problems for a deprecated files list, naming the item by its target', () => {
    const all = validate(
      workload('    files:\n      - target: /etc/app.conf\n        content: hi\n        mode: rw\n'),
    );
    const d = only(all);
    expect(d).toMatchObject({ code: 'PATTERN_MISMATCH', path: '/containers/web/files/0/mode' });
    expect(d.message).toContain('of file "/etc/app.conf"');
    expect(validate(workload('    files:\n      - target: /etc/app.conf\n        content: hi\n'))).toEqual([]);
  });

  it('gives one plain message when files or volumes is neither a mapping nor a list', () => {
    const d = only(validate(workload('    volumes: /data\n')));
    expect(d).toMatchObject({ code: 'TYPE_MISMATCH', path: '/containers/web/volumes' });
    expect(d.message).toBe(
      'Volumes of container "web" must be a mapping from mount paths to volume details, not the text "/data".',
    );
  });

  it('says a file needs exactly one source of contents, once, on its key', () => {
    const text = workload('    files:\n      /etc/app.conf:\n        mode: "0644"\n');
    const missing = only(validate(text));
    expect(missing).toMatchObject({ code: 'MISSING_FILE_SOURCE', path: '/containers/web/files/~1etc~1app.conf' });
    expect(missing.message).toBe(
      'File "/etc/app.conf" of container "web" has no contents: set one of content, source or binaryContent.',
    );
    expect(missing.range).toEqual(rangeOfText(text, '/etc/app.conf'));

    const both = only(
      validate(workload('    files:\n      /etc/app.conf:\n        content: hi\n        source: ./app.conf\n')),
    );
    expect(both.code).toBe('AMBIGUOUS_FILE_SOURCE');
    expect(both.message).toBe(
      'File "/etc/app.conf" of container "web" sets both content and source: keep only one of content, source or binaryContent.',
    );
  });

  it('rejects target in the map form, on the target key, and allows it in the list form', () => {
    const text = workload('    volumes:\n      /data:\n        source: ${resources.data}\n        target: /data\n');
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'DEPRECATED_TARGET', path: '/containers/web/volumes/~1data/target' });
    expect(d.message).toContain('only the deprecated list form of volumes uses');
    expect(d.range).toEqual(rangeOfText(text, 'target'));
    expect(validate(workload('    volumes:\n      - source: ${resources.data}\n        target: /data\n'))).toEqual([]);
  });

  it('says a probe needs httpGet or exec, once', () => {
    const text = workload('    readinessProbe: {}\n');
    const d = only(validate(text));
    expect(d).toMatchObject({ code: 'MISSING_PROBE_ACTION', path: '/containers/web/readinessProbe' });
    expect(d.message).toContain('Readiness probe of container "web" needs httpGet or exec');
    expect(d.range).toEqual(rangeOfText(text, 'readinessProbe'));
  });

  it('never shows Ajv branch noise, and reports each problem once', () => {
    const text = workload(
      '    files:\n      /a: null\n      /b: {}\n    volumes:\n      - 5\n    livenessProbe:\n      exec: {}\n',
    );
    const all = validate(text);
    for (const d of all) expect(d.message).not.toMatch(noise);
    const ids = all.map((d) => `${d.code} ${d.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(
      [
        'MISSING_FILE_SOURCE /containers/web/files/~1b',
        'REQUIRED_FIELD /containers/web/livenessProbe/exec/command',
        'TYPE_MISMATCH /containers/web/files/~1a',
        'TYPE_MISMATCH /containers/web/volumes/0',
      ].sort(),
    );
  });
});

describe('schema messages', () => {
  const schema = JSON.parse(
    readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/score-v1b1.json'),
      'utf8',
    ),
  ) as Record<string, unknown>;

  function walk(node: unknown, visit: (schema: Record<string, unknown>, name: string) => void, name = '#'): void {
    if (Array.isArray(node)) node.forEach((n) => walk(n, visit, name));
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      visit(record, name);
      for (const [key, value] of Object.entries(record)) {
        if (key === '$defs') for (const [def, sub] of Object.entries(value as object)) walk(sub, visit, def);
        else if (key !== 'oneOf' && key !== 'anyOf') walk(value, visit, name);
      }
    }
  }

  it('has a plain-words hint for every pattern in the schema', () => {
    const patterns = new Set<string>();
    walk(schema, (s) => typeof s.pattern === 'string' && patterns.add(s.pattern));
    expect(patterns.size).toBeGreaterThan(5);
    for (const pattern of patterns) expect(PATTERN_HINTS[pattern], pattern).toBeDefined();
  });

  it('has an example for every required field of the schema', () => {
    const required: string[] = [];
    walk(schema, (s, name) => {
      if (Array.isArray(s.required) && s.properties) for (const f of s.required) required.push(`${name}.${String(f)}`);
    });
    expect(required.length).toBeGreaterThan(8);
    for (const id of required) {
      const [kind, field] = id.split('.') as [string, string];
      expect(requiredMessage({ noun: 'X', owner: '', kind }, field), id).not.toContain('the field');
    }
  });

  it('guesses the field a near-miss key meant, and only then', () => {
    const fields = ['image', 'command', 'args', 'variables', 'files', 'volumes', 'readOnly', 'source'];
    expect(closestField('imge', fields)).toBe('image');
    expect(closestField('iamge', fields)).toBe('image');
    expect(closestField('read_only', fields)).toBe('readOnly');
    expect(closestField('varaibles', fields)).toBe('variables');
    expect(closestField('env', fields)).toBeUndefined();
    expect(closestField('ports', fields)).toBeUndefined();
  });
});
