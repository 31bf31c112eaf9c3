import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseWorkloadText } from '../../document/parse';
import { emptyResult, type Provisioner } from '../../provisioners/types';
import { exportCompose } from './index';

const hello = `apiVersion: score.dev/v1b1
metadata:
  name: hello
containers:
  main:
    image: busybox
`;

function workload(body: string, name = 'hello'): string {
  return `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\n${body}`;
}

describe('exportCompose', () => {
  it('writes the project name first, quoted when it would read as a number', () => {
    expect(exportCompose([{ text: hello }], { projectName: '001' }).compose.split('\n')[0]).toBe('name: "001"');
    expect(exportCompose([{ text: hello }]).compose.startsWith('services:\n')).toBe(true);
  });

  it('warns about what compose cannot express, instead of dropping it silently', () => {
    const out = exportCompose([
      {
        text: workload(`containers:
  main:
    image: nginx
    resources:
      limits: {memory: 128Mi}
      requests: {cpu: 100m}
    readinessProbe:
      httpGet: {path: /, port: 80}
service:
  ports:
    web: {port: 80}
`),
      },
    ]);
    expect(out.errors).toEqual([]);
    expect(out.warnings).toEqual(
      expect.arrayContaining([
        'hello: containers.main.resources.requests: not supported - ignoring',
        'hello: containers.main.resources.limits: not supported - ignoring',
        'hello: containers.main.readinessProbe: httpGet container probe: not supported - ignoring',
        expect.stringContaining('hello: service.ports (web) are not published on the host'),
      ]),
    );
    expect(out.compose).not.toContain('healthcheck');
  });

  it('reads a workload once when its parse is given, and never exports a parse of another text', () => {
    const other = hello.replace('busybox', 'nginx');
    const given = parseWorkloadText(hello);
    expect(exportCompose([{ text: hello, parsed: given }]).compose).toBe(exportCompose([{ text: hello }]).compose);
    const mismatched = exportCompose([{ text: other, parsed: given }]).compose;
    expect(mismatched).toContain('image: nginx');
    expect(mismatched).toBe(exportCompose([{ text: other }]).compose);
  });

  it('never throws, whatever the input', () => {
    for (const text of ['', '[1, 2]', '{', 'apiVersion: score.dev/v1b1\nmetadata: 5', '\u0000']) {
      const out = exportCompose([{ text, file: 'x.yaml' }]);
      expect(out.errors.length).toBe(1);
      expect(out.compose).toBe('');
    }
  });

  it('refuses two workloads with the same name, or none', () => {
    expect(
      exportCompose([
        { text: hello, file: 'a.yaml' },
        { text: hello, file: 'b.yaml' },
      ]).errors,
    ).toEqual(["workload name 'hello' in file 'b.yaml' is used more than once"]);
    expect(exportCompose([]).errors).toEqual(['no workloads found, please provide a Score file to generate from']);
  });

  it('shares a resource with an id between workloads, and orders resources by their params', () => {
    const uses = (name: string) =>
      workload(
        `containers:
  main:
    image: busybox
    variables:
      PASSWORD: \${resources.cache.password}
resources:
  cache:
    type: redis
    id: shared-cache
`,
        name,
      );
    const out = exportCompose([{ text: uses('one') }, { text: uses('two') }], { seed: 3 });
    const c = parse(out.compose) as { services: Record<string, { environment?: Record<string, string> }> };
    expect(Object.keys(c.services).filter((s) => s.startsWith('redis-'))).toHaveLength(1);
    expect(c.services['one-main']!.environment!.PASSWORD).toBe(c.services['two-main']!.environment!.PASSWORD);
  });

  it('substitutes params after the resources they refer to, and finds cycles', () => {
    const seen: unknown[] = [];
    const echo = (type: string): Provisioner => ({
      uri: `test://${type}`,
      type,
      description: '',
      params: [],
      outputs: [],
      provision: (input) => {
        seen.push([type, input.params]);
        return { result: { ...emptyResult(), outputs: { value: `${type}-out` } } };
      },
    });
    const text = workload(`containers:
  main:
    image: busybox
resources:
  zz:
    type: first
  aa:
    type: second
    params:
      x: \${resources.zz.value}
`);
    const out = exportCompose([{ text }], { provisioners: [echo('first'), echo('second')] });
    expect(out.errors).toEqual([]);
    expect(seen).toEqual([
      ['first', {}],
      ['second', { x: 'first-out' }],
    ]);
    const cyclic = workload(`containers:
  main:
    image: busybox
resources:
  aa:
    type: first
    params:
      x: \${resources.bb.value}
  bb:
    type: second
    params:
      x: \${resources.aa.value}
`);
    expect(exportCompose([{ text: cyclic }], { provisioners: [echo('first'), echo('second')] }).errors).toEqual([
      'failed to provision: failed to determine sort order for provisioning: a cycle exists involving resource param placeholders',
    ]);
  });

  it('says which resource no provisioner takes', () => {
    const text = workload('containers:\n  main:\n    image: x\nresources:\n  thing:\n    type: unknown-thing\n');
    expect(exportCompose([{ text }]).errors).toEqual([
      "failed to provision: resource 'unknown-thing.default#hello.thing' is not supported by any provisioner",
    ]);
  });

  it('resolves environment resources in files from the env option', () => {
    const text = workload(`containers:
  main:
    image: x
    files:
      /greeting: {content: "hi \${resources.env.WHO}"}
resources:
  env: {type: environment}
`);
    const out = exportCompose([{ text }], { env: { WHO: 'there' } });
    expect(out.files).toEqual([
      { path: '.score-compose/mounts/files/hello-files-greeting', content: 'hi there', mode: 0o644 },
    ]);
  });

  it('reports schema errors with the workload name', () => {
    const out = exportCompose([{ text: workload('containers:\n  main: {}\n') }]);
    expect(out.errors[0]).toMatch(/^validation errors in workload 'hello': /);
  });

  it('gives the same project for the same seed', () => {
    const text = workload('containers:\n  main:\n    image: x\nresources:\n  db: {type: postgres}\n');
    expect(exportCompose([{ text }], { seed: 9 })).toEqual(exportCompose([{ text }], { seed: 9 }));
  });
});
