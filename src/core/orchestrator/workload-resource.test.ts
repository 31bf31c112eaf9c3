import { afterAll, describe, expect, it } from 'vitest';
import { haveOrchestratorReference, referenceWorkloads } from '../../../test/support/orchestrator/reference';
import { INVALID_SCORE_FORM, SCORE_FORMS } from '../../../test/support/orchestrator/score-forms';
import { parseWorkloadText } from '../document/parse';
import { validateParsed } from '../validate';
import { exportWorkloadResource, validateWorkloadResource } from './workload-resource';

function convert(text: string, namespace?: string) {
  return exportWorkloadResource(parseWorkloadText(text), namespace !== undefined ? { namespace } : {});
}

function notes(text: string): string[] {
  return convert(text).diagnostics.map((d) => `${d.severity} ${d.code} ${d.path} ${d.range.line}:${d.range.column}`);
}

const tally = { equal: 0, total: 0 };

describe.skipIf(!haveOrchestratorReference)("the orchestrator's published Workloads, from their Score form", () => {
  for (const form of SCORE_FORMS) {
    it(`${form.file} #${form.index + 1} equals the published resource, field by field`, () => {
      tally.total++;
      const published = referenceWorkloads(form.file)[form.index];
      const score = parseWorkloadText(form.score);
      expect(validateParsed(score).errors).toBe(0);
      const result = exportWorkloadResource(score, { namespace: form.namespace });
      expect(result.resource).toEqual(published);
      // Valid for the API server, and nothing lost on the way but the port names Score requires.
      expect(
        result.diagnostics.filter((d) => !(d.severity === 'info' && d.path.startsWith('/service/ports/'))),
      ).toEqual([]);
      expect(validateWorkloadResource(published)).toEqual([]);
      tally.equal++;
    });
  }

  it('covers every published Workload', () => {
    const files = [...new Set(SCORE_FORMS.map((f) => f.file))];
    const published = files.reduce((n, file) => n + referenceWorkloads(file).length, 0);
    expect(SCORE_FORMS).toHaveLength(published);
  });

  it('refuses the e2e fixture invalid.yaml as its comment expects: no containers', () => {
    const [invalid] = referenceWorkloads('test/e2e/fixtures/workloads/invalid.yaml');
    expect(validateWorkloadResource(invalid).map((p) => `${p.code} ${p.pointer}`)).toEqual([
      'REQUIRED_FIELD /spec/containers',
    ]);
  });
});

describe('a Score workload without containers (the Score form of invalid.yaml)', () => {
  it('converts, and is refused at the place containers would go', () => {
    const result = convert(INVALID_SCORE_FORM);
    const refused = result.diagnostics.filter((d) => d.severity === 'error');
    expect(refused.map((d) => [d.code, d.path])).toEqual([['REQUIRED_FIELD', '/containers']]);
    expect(refused[0]!.message).toBe(
      'The orchestrator would refuse this Workload: spec.containers is required and missing.',
    );
  });
});

describe('converting a Score workload to a Workload resource', () => {
  it('moves containers, service and resources under spec, with the CRD shapes', () => {
    const result = convert(`apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/owner: team-shop
containers:
  web:
    image: shop:1.2
    command: [serve]
    args: ["--port", "8080"]
    variables:
      DB: \${resources.db.host}
    files:
      /etc/shop/app.conf:
        content: hello
        mode: "0644"
      /etc/shop/logo.png:
        binaryContent: aGVsbG8=
      /etc/shop/extra.conf:
        source: ./extra.conf
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
        httpHeaders:
          - name: X-Check
            value: live
    readinessProbe:
      exec:
        command: [test, -f, /ready]
    resources:
      limits: {cpu: 500m, memory: 256Mi}
service:
  ports:
    www: {port: 80, targetPort: 8080, protocol: TCP}
    dns: {port: 53, protocol: UDP}
resources:
  db:
    type: postgres
    class: large
    params: {version: 16}
`);
    expect(result.resource).toEqual({
      apiVersion: 'score.dev/v1b1',
      kind: 'Workload',
      metadata: { name: 'shop', namespace: 'default', annotations: { 'example.com/owner': 'team-shop' } },
      spec: {
        containers: {
          web: {
            image: 'shop:1.2',
            command: ['serve'],
            args: ['--port', '8080'],
            variables: { DB: '${resources.db.host}' },
            files: [
              { target: '/etc/shop/app.conf', mode: '0644', content: 'hello' },
              { target: '/etc/shop/logo.png', binaryContent: 'aGVsbG8=' },
              { target: '/etc/shop/extra.conf', source: { uri: './extra.conf' } },
            ],
            livenessProbe: { httpGet: { path: '/healthz', port: 8080, headers: { 'X-Check': 'live' } } },
            readinessProbe: { exec: { command: ['test', '-f', '/ready'] } },
            resources: { limits: { cpu: '500m', memory: '256Mi' } },
          },
        },
        service: {
          ports: [
            { port: 80, targetPort: 8080, protocol: 'TCP' },
            { port: 53, protocol: 'UDP' },
          ],
        },
        resources: { db: { type: 'postgres', class: 'large', params: { version: 16 } } },
      },
    });
    expect(result.diagnostics.map((d) => `${d.severity} ${d.path}`)).toEqual([
      'warning /containers/web/files/~1etc~1shop~1extra.conf/source',
      'info /service/ports/www',
      'info /service/ports/dns',
    ]);
  });

  it('takes the namespace from the option, then metadata.namespace, then "default"', () => {
    const text = (extra: string) =>
      `apiVersion: score.dev/v1b1\nmetadata:\n  name: a1\n${extra}containers:\n  c:\n    image: x\n`;
    expect(convert(text('')).resource!.metadata.namespace).toBe('default');
    expect(convert(text('  namespace: shop\n')).resource!.metadata.namespace).toBe('shop');
    expect(convert(text('  namespace: shop\n'), 'prod').resource!.metadata.namespace).toBe('prod');
  });

  it('warns at its place about everything the CRD cannot hold', () => {
    expect(
      notes(`apiVersion: score.dev/v1b1
metadata:
  name: shop
  team: payments
  labels:
    tier: 2
containers:
  web:
    image: shop:1
    before:
      worker: {ready: started}
    volumes:
      /data: {source: "\${resources.vol}"}
    files:
      /etc/a.conf: {content: x, noExpand: true}
    livenessProbe:
      httpGet: {scheme: HTTPS, host: localhost, path: /, port: 443}
  worker:
    image: worker:1
resources:
  vol:
    type: volume
    id: shared-volume
    metadata:
      annotations: {a: b}
`),
    ).toEqual([
      'warning NOT_IN_WORKLOAD_RESOURCE /metadata/team 4:3',
      'info NOT_IN_WORKLOAD_RESOURCE /metadata/labels/tier 6:11',
      'warning NOT_IN_WORKLOAD_RESOURCE /containers/web/before 10:5',
      'warning NOT_IN_WORKLOAD_RESOURCE /containers/web/volumes 12:5',
      'warning NOT_IN_WORKLOAD_RESOURCE /containers/web/files/~1etc~1a.conf/noExpand 15:33',
      'warning NOT_IN_WORKLOAD_RESOURCE /containers/web/livenessProbe/httpGet/scheme 17:17',
      'warning NOT_IN_WORKLOAD_RESOURCE /containers/web/livenessProbe/httpGet/host 17:32',
      'warning NOT_IN_WORKLOAD_RESOURCE /resources/vol/id 23:5',
      'warning NOT_IN_WORKLOAD_RESOURCE /resources/vol/metadata 24:5',
    ]);
  });

  it('keeps a label given as a number, as text', () => {
    const result = convert(
      `apiVersion: score.dev/v1b1\nmetadata:\n  name: a1\n  labels: {tier: 2, on: true}\ncontainers:\n  c:\n    image: x\n`,
    );
    expect(result.resource!.metadata.labels).toEqual({ tier: '2', on: 'true' });
  });

  it('places what the API server would refuse in the Score text', () => {
    const result = convert(`apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: -shop
    files:
      - target: /etc/a
      - target: /etc/b
        content: b
service:
  ports:
    www: {port: 80}
    bad: {port: 70000}
`);
    expect(
      result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.code} ${d.path} ${d.range.line}:${d.range.column}`),
    ).toEqual([
      'CEL_RULE_VIOLATION /containers/web/image 6:12',
      'CEL_RULE_VIOLATION /containers/web/files/0 8:9',
      'VALUE_OUT_OF_RANGE /service/ports/bad/port 14:17',
    ]);
  });

  it('turns probe headers into a map and warns about a header given twice', () => {
    const result = convert(`apiVersion: score.dev/v1b1
metadata: {name: a1}
containers:
  c:
    image: x
    readinessProbe:
      httpGet:
        port: 80
        path: /
        httpHeaders: [{name: A, value: '1'}, {name: A, value: '2'}]
`);
    const probe = (result.resource!.spec.containers as Record<string, { readinessProbe: unknown }>).c!.readinessProbe;
    expect(probe).toEqual({ httpGet: { port: 80, path: '/', headers: { A: '2' } } });
    expect(result.diagnostics.map((d) => d.path)).toEqual(['/containers/c/readinessProbe/httpGet/httpHeaders/1']);
  });

  it('maps a pointer into the resource back to the Score field it came from', () => {
    const result = convert(`apiVersion: score.dev/v1b1
metadata: {name: a1}
containers:
  c:
    image: x
    files:
      /etc/x: {source: https://config.example.com/x}
    livenessProbe: {httpGet: {port: 80, path: /, httpHeaders: [{name: H, value: v}]}}
service:
  ports: {web: {port: 80}}
`);
    expect(result.origin('/spec/containers/c/image')).toBe('/containers/c/image');
    expect(result.origin('/spec/containers/c/files/0/source/uri')).toBe('/containers/c/files/~1etc~1x/source');
    expect(result.origin('/spec/containers/c/livenessProbe/httpGet/headers/H')).toBe(
      '/containers/c/livenessProbe/httpGet/httpHeaders/0',
    );
    expect(result.origin('/spec/service/ports/0/port')).toBe('/service/ports/web/port');
    expect(result.origin('/metadata/namespace')).toBe('/metadata');
    expect(result.origin('/metadata/annotations/owner')).toBe('/metadata/annotations/owner');
    expect(result.origin('')).toBe('');
    // A URL is a source the platform can fetch: no warning for it.
    expect(result.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
  });

  it('keeps hostile names as data', () => {
    const result = convert(`apiVersion: score.dev/v1b1
metadata: {name: a1}
containers:
  __proto__:
    image: x
    variables: {__proto__: "<b>x</b>"}
`);
    const containers = result.resource!.spec.containers as Record<string, unknown>;
    expect(Object.keys(containers)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(containers)).toBe(Object.prototype);
  });

  it('gives no resource for text that is not a workload', () => {
    expect(convert('a: [').resource).toBeUndefined();
    expect(convert('- a\n- b\n').resource).toBeUndefined();
  });
});

afterAll(() => {
  if (tally.total > 0)
    console.log(`orchestrator Workloads from Score: ${tally.equal} of ${tally.total} equal to the published resource`);
  else if (!haveOrchestratorReference)
    console.log('orchestrator Workloads: skipped, ../shared/reference/score-orchestrator is absent');
});
