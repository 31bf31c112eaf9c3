import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticCode } from '../diagnostics';
import { parseWorkloadText } from '../document/parse';
import { runRules } from './rules';
import { beforeRules, findCycles } from './rules/before';
import { fileAndVolumeRules, isLocalPath } from './rules/files-volumes';
import { limitRules } from './rules/limits';
import { placeholderRules } from './rules/placeholders';
import { workloadOf } from '../workload/read';
import { portRules } from './rules/ports';
import { parseCpu, parseMemory } from '../workload/quantities';

function rules(text: string): Diagnostic[] {
  return runRules(parseWorkloadText(text));
}

function codes(text: string): DiagnosticCode[] {
  return rules(text).map((d) => d.code);
}

/** The text a diagnostic's range covers (single line ranges only). */
function covered(text: string, d: Diagnostic): string {
  const parsed = parseWorkloadText(text);
  const start = parsed.lines.offset(d.range.line, d.range.column);
  const end = parsed.lines.offset(d.range.endLine, d.range.endColumn);
  return text.slice(start, end);
}

const head = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: web\n  annotations:\n    team: blue\n';

function withVariable(value: string, resources = 'resources:\n  db:\n    type: postgres\n  vol:\n    type: volume\n') {
  return `${head}containers:\n  main:\n    image: nginx\n    variables:\n      X: ${value}\n${resources}`;
}

describe('placeholder rules', () => {
  it('accepts well-formed references to metadata and resources', () => {
    expect(rules(withVariable('"${metadata.name} ${metadata.annotations.team} ${resources.db.host}"'))).toEqual([]);
  });

  it('ignores escaped placeholders', () => {
    expect(rules(withVariable('"$${cheese.x} $${resources}"'))).toEqual([]);
  });

  it('reports malformed placeholders, as score-go does', () => {
    for (const bad of ['${resources}', '${resources.db.has spaces!}', '${}', '${resources..x}']) {
      const text = withVariable(`"${bad}"`);
      const found = rules(text);
      expect(
        found.map((d) => d.code),
        bad,
      ).toEqual(['INVALID_PLACEHOLDER']);
      expect(found[0]!.message).toContain('malformed');
      expect(covered(text, found[0]!)).toBe(bad);
      expect(found[0]!.path).toBe('/containers/main/variables/X');
    }
  });

  it('rejects an escaped dot and says why', () => {
    const [d] = rules(withVariable('"${metadata.annotations.key\\\\.com}"'));
    expect(d?.code).toBe('INVALID_PLACEHOLDER');
    expect(d?.message).toMatch(/\\\..*score-go/s);
  });

  it('reports an unknown root, suggesting the likely one', () => {
    const text = withVariable('"${resource.db.host}"');
    const [d] = rules(text);
    expect(d?.code).toBe('UNKNOWN_PLACEHOLDER_ROOT');
    expect(d?.message).toContain('Did you mean "resources"');
    expect(d?.message).toContain('$${resource.db.host}');
    expect(codes(withVariable('"${cheese.res-one.value}"'))).toEqual(['UNKNOWN_PLACEHOLDER_ROOT']);
  });

  it('reports an unknown resource, with a did-you-mean', () => {
    const text = withVariable('"x ${resources.dbb.host} y"');
    const [d] = rules(text);
    expect(d?.code).toBe('UNKNOWN_RESOURCE');
    expect(d?.message).toContain('does not resolve to a resource');
    expect(d?.message).toContain('Did you mean "db"');
    expect(covered(text, d!)).toBe('${resources.dbb.host}');
    expect(codes(withVariable('"${resources.db.host}"', ''))).toEqual(['UNKNOWN_RESOURCE']);
  });

  it('reports a metadata key that does not exist, and a lookup into a string', () => {
    const missing = rules(withVariable('"${metadata.annotations.tema}"'));
    expect(missing.map((d) => d.code)).toEqual(['UNKNOWN_METADATA_KEY']);
    expect(missing[0]!.message).toContain('Did you mean "team"');
    const intoString = rules(withVariable('"${metadata.name.first}"'));
    expect(intoString.map((d) => d.code)).toEqual(['UNKNOWN_METADATA_KEY']);
    expect(intoString[0]!.message).toContain('not a mapping');
  });

  it('requires an output key except in a volume source', () => {
    expect(codes(withVariable('"${resources.db}"'))).toEqual(['MISSING_OUTPUT_KEY']);
    const volume = `${head}containers:\n  main:\n    image: nginx\n    volumes:\n      /data:\n        source: \${resources.vol}\nresources:\n  vol:\n    type: volume\n`;
    expect(rules(volume)).toEqual([]);
  });

  it('checks file content unless noExpand, volume sources and resource params, but not command or args', () => {
    const text = `${head}containers:
  main:
    image: nginx
    command: ["\${nope.a}"]
    args: ["\${nope.b}"]
    files:
      /a:
        content: |
          line \${nope.c}
      /b:
        content: "\${nope.d}"
        noExpand: true
    volumes:
      /v:
        source: \${resources.missing}
resources:
  db:
    type: postgres
    params:
      deep:
        - \${metadata.nope}
`;
    const found = rules(text);
    expect(found.map((d) => [d.code, d.path])).toEqual([
      ['UNKNOWN_PLACEHOLDER_ROOT', '/containers/main/files/~1a/content'],
      ['UNKNOWN_RESOURCE', '/containers/main/volumes/~1v/source'],
      ['UNKNOWN_METADATA_KEY', '/resources/db/params/deep/0'],
    ]);
    expect(covered(text, found[0]!)).toBe('${nope.c}');
    expect(found[0]!.message).toContain('file "/a" in container "main"');
    expect(found[2]!.message).toContain('param "deep[0]" of resource "db"');
  });

  it('warns about a ${ that is never closed', () => {
    const text = withVariable('"port ${resources.db.port"');
    const found = rules(text);
    expect(found.map((d) => [d.code, d.severity])).toEqual([['UNTERMINATED_PLACEHOLDER', 'warning']]);
    expect(covered(text, found[0]!)).toBe('${');
  });
});

function containers(body: string): string {
  return `${head}containers:\n${body}`;
}

describe('start order (before) rules', () => {
  it('accepts chains and diamonds', () => {
    expect(
      rules(
        containers(`  a: {image: x, before: {b: {ready: started}, c: {ready: complete}}}
  b: {image: x, before: {d: {ready: started}}}
  c: {image: x, before: {d: {ready: started}}}
  d: {image: x}
`),
      ),
    ).toEqual([]);
  });

  it('reports an unknown container on its key, once per name', () => {
    const text = containers(
      `  api:\n    image: x\n    before:\n      wokrer: {ready: started}\n      nope: {ready: started}\n  worker:\n    image: x\n`,
    );
    const found = rules(text);
    expect(found.map((d) => d.code)).toEqual(['BEFORE_UNKNOWN_CONTAINER', 'BEFORE_UNKNOWN_CONTAINER']);
    expect(found[0]!.path).toBe('/containers/api/before/wokrer');
    expect(covered(text, found[0]!)).toBe('wokrer');
    expect(found[0]!.message).toContain('Did you mean "worker"');
    expect(found[1]!.message).not.toContain('Did you mean');
  });

  it('reports a self reference', () => {
    const found = rules(containers(`  a:\n    image: x\n    before:\n      a: {ready: started}\n`));
    expect(found.map((d) => [d.code, d.path])).toEqual([['BEFORE_SELF_REFERENCE', '/containers/a/before/a']]);
  });

  it('reports a two-container cycle once, naming it in order', () => {
    const text = containers(
      `  web:\n    image: x\n    before:\n      worker: {ready: started}\n  worker:\n    image: x\n    before:\n      web: {ready: started}\n`,
    );
    const found = rules(text);
    expect(found.map((d) => d.code)).toEqual(['BEFORE_CYCLE']);
    expect(found[0]!.message).toContain('web → worker → web');
    expect(found[0]!.message).toContain('Container "web" must start before "worker" and "worker" before "web"');
    expect(covered(text, found[0]!)).toBe('web');
    expect(found[0]!.path).toBe('/containers/worker/before/web');
  });

  it('reports a three-container cycle and an unknown target together', () => {
    const found = rules(
      containers(`  a: {image: x, before: {b: {ready: started}, ghost: {ready: started}}}
  b: {image: x, before: {c: {ready: started}}}
  c: {image: x, before: {a: {ready: started}}}
`),
    );
    expect(found.map((d) => d.code).sort()).toEqual(['BEFORE_CYCLE', 'BEFORE_UNKNOWN_CONTAINER']);
    expect(found.find((d) => d.code === 'BEFORE_CYCLE')!.message).toContain('a → b → c → a');
  });

  it('finds one cycle per back edge, iteratively', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['b']],
    ]);
    expect(findCycles(['a', 'b', 'c'], edges)).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    const n = 50_000;
    const names = Array.from({ length: n }, (_, i) => `c${i}`);
    const chain = new Map(names.map((name, i) => [name, [names[(i + 1) % n]!]]));
    expect(findCycles(names, chain).map((c) => c.length)).toEqual([n]);
  });

  it('requires a probe for ready: healthy', () => {
    const without = rules(
      containers(`  init:\n    image: x\n    before:\n      main: {ready: healthy}\n  main:\n    image: y\n`),
    );
    expect(without.map((d) => [d.code, d.path])).toEqual([
      ['HEALTHY_WITHOUT_PROBE', '/containers/init/before/main/ready'],
    ]);
    expect(without[0]!.message).toContain('probe');
    for (const probe of ['readinessProbe', 'livenessProbe']) {
      const withProbe = containers(
        `  init:\n    image: x\n    ${probe}: {httpGet: {port: 80, path: /}}\n    before:\n      main: {ready: healthy}\n  main:\n    image: y\n`,
      );
      expect(rules(withProbe)).toEqual([]);
    }
  });

  it('does not take a probe written as a single value for one, as score-compose does not', () => {
    const text = containers(
      `  init:\n    image: x\n    livenessProbe: yes\n    before:\n      main: {ready: healthy}\n  main:\n    image: y\n`,
    );
    expect(rules(text).map((d) => d.code)).toEqual(['HEALTHY_WITHOUT_PROBE']);
  });
});

describe('service port rules', () => {
  const ports = (body: string) => `${head}containers:\n  main: {image: x}\nservice:\n  ports:\n${body}`;

  it('reports two ports with the same number and protocol', () => {
    const text = ports('    www: {port: 80}\n    web: {port: 80, targetPort: 8080}\n');
    const found = rules(text);
    expect(found.map((d) => [d.code, d.path])).toEqual([['DUPLICATE_PORT', '/service/ports/web/port']]);
    expect(found[0]!.message).toContain('"www" and "web"');
  });

  it('allows the same number with different protocols, and different numbers', () => {
    expect(rules(ports('    dns: {port: 53}\n    dns-udp: {port: 53, protocol: UDP}\n    web: {port: 80}\n'))).toEqual(
      [],
    );
    expect(codes(ports('    a: {port: 53, protocol: UDP}\n    b: {port: 53, protocol: UDP}\n'))).toEqual([
      'DUPLICATE_PORT',
    ]);
  });
});

describe('requests and limits', () => {
  const resources = (requests: string, limits: string) =>
    containers(`  main:\n    image: x\n    resources:\n      requests: ${requests}\n      limits: ${limits}\n`);

  it('reports a request above its limit for cpu and memory', () => {
    const found = rules(resources('{cpu: "2", memory: 2Gi}', '{cpu: 500m, memory: 1Gi}'));
    expect(found.map((d) => [d.code, d.path, d.severity])).toEqual([
      ['REQUEST_ABOVE_LIMIT', '/containers/main/resources/requests/cpu', 'warning'],
      ['REQUEST_ABOVE_LIMIT', '/containers/main/resources/requests/memory', 'warning'],
    ]);
    expect(found[0]!.message).toContain('Lower the request or raise the limit');
  });

  it('compares across units', () => {
    expect(rules(resources('{cpu: 500m, memory: 1G}', '{cpu: "0.5", memory: 1Gi}'))).toEqual([]);
    expect(codes(resources('{memory: 1Gi}', '{memory: 1G}'))).toEqual(['REQUEST_ABOVE_LIMIT']);
    expect(codes(resources('{cpu: 1001m}', '{cpu: "1"}'))).toEqual(['REQUEST_ABOVE_LIMIT']);
    expect(rules(resources('{cpu: 1000m}', '{cpu: "1"}'))).toEqual([]);
  });

  it('parses quantities', () => {
    expect(parseCpu('500m')).toBe(500);
    expect(parseCpu('0.5')).toBe(500);
    expect(parseCpu('2')).toBe(2000);
    expect(parseCpu('lots')).toBeUndefined();
    expect(parseMemory('1.5Gi')).toBe(1.5 * 2 ** 30);
    expect(parseMemory('128M')).toBe(128e6);
    expect(parseMemory('1000')).toBe(1000);
    expect(parseMemory('1Zi')).toBeUndefined();
  });
});

describe('files and volumes', () => {
  it('warns about the deprecated list form', () => {
    const text = containers(
      `  main:\n    image: x\n    files:\n      - target: /etc/a\n        content: hi\n    volumes:\n      - target: /data\n        source: vol\n`,
    );
    const found = rules(text);
    expect(found.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['DEPRECATED_ARRAY_FORM', 'warning', '/containers/main/files'],
      ['DEPRECATED_ARRAY_FORM', 'warning', '/containers/main/volumes'],
    ]);
    expect(found[0]!.message).toContain('map keyed by target path');
    expect(covered(text, found[0]!)).toBe('files');
  });

  it('accepts a literal volume source, as score-compose does', () => {
    expect(rules(containers(`  main:\n    image: x\n    volumes:\n      /data:\n        source: my-volume\n`))).toEqual(
      [],
    );
  });

  it('reports file sources outside the Score file directory and modes the owner cannot read', () => {
    const text = containers(
      `  main:\n    image: x\n    files:\n      /a: {source: ../secret.txt}\n      /b: {source: /etc/passwd}\n      /c: {source: conf/app.conf, mode: "0644"}\n      /d: {content: x, mode: "0200"}\n`,
    );
    expect(rules(text).map((d) => [d.code, d.path])).toEqual([
      ['FILE_SOURCE_NOT_LOCAL', '/containers/main/files/~1a/source'],
      ['FILE_SOURCE_NOT_LOCAL', '/containers/main/files/~1b/source'],
      ['FILE_MODE_NOT_READABLE', '/containers/main/files/~1d/mode'],
    ]);
    expect(isLocalPath('a/../b')).toBe(true);
    expect(isLocalPath('a/../../b')).toBe(false);
    expect(isLocalPath('')).toBe(false);
  });
});

describe('robustness', () => {
  it('skips shapes the schema rejects, silently', () => {
    for (const text of [
      'containers: "str"',
      'containers: {a: "str", b: null, c: [1], d: {before: null}, e: {before: [a]}, f: {before: {a: null, zz: 3}}}',
      'containers: {a: {variables: 5, files: "x", volumes: 7, resources: {requests: 1, limits: [1]}}}',
      'containers: {a: {resources: {requests: {cpu: 5, memory: true}, limits: {cpu: null, memory: {}}}}}',
      'service: {ports: [1, 2]}',
      'service: {ports: {a: null, b: {port: "80"}, c: {port: 80, protocol: 5}}}',
      'metadata: 5\ncontainers: {a: {variables: {X: "${metadata.name}"}}}',
      'resources: 5\ncontainers: {a: {variables: {X: "${resources.db.x}"}}}',
      'resources: {db: null, x: {params: [1, {a: null}]}}',
      '- 1',
      '',
    ]) {
      expect(() => rules(text), text).not.toThrow();
    }
    // An unknown before target with a non-map entry is still reported; a null metadata is the schema's job.
    expect(codes('containers: {a: {before: {zz: 3}}}')).toEqual(['BEFORE_UNKNOWN_CONTAINER']);
    expect(codes('metadata: 5\ncontainers: {a: {variables: {X: "${metadata.name}"}}}')).toEqual([]);
  });

  it('never throws on arbitrary JSON-shaped workloads', () => {
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom<unknown>(null, 1, true, 'x', '${resources.a}', '${metadata.name}', 'healthy', '500m', '1Gi'),
        fc.array(tie('any'), { maxLength: 3 }),
        fc.dictionary(
          fc.constantFrom(
            'a',
            'b',
            'containers',
            'before',
            'ready',
            'files',
            'volumes',
            'resources',
            'variables',
            'params',
            'ports',
            'port',
            'service',
            'metadata',
            'requests',
            'limits',
            'cpu',
            'memory',
            'source',
            'content',
            'mode',
          ),
          tie('any'),
          { maxKeys: 4 },
        ),
      ),
    }));
    fc.assert(
      fc.property(value.any, (workload) => {
        const text = JSON.stringify({
          apiVersion: 'score.dev/v1b1',
          ...(typeof workload === 'object' && workload && !Array.isArray(workload) ? workload : { x: workload }),
        });
        return Array.isArray(runRulesStrict(text));
      }),
      { numRuns: 300 },
    );
  });
});

/** runRules swallows a throwing rule; this calls the rules without that net, so a bug shows here. */
function runRulesStrict(text: string): Diagnostic[] {
  const parsed = parseWorkloadText(text);
  const workload = workloadOf(parsed);
  return [placeholderRules, beforeRules, portRules, limitRules, fileAndVolumeRules].flatMap((rule) =>
    rule(parsed, workload),
  );
}
