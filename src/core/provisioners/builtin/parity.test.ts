import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exportCompose, type ComposeExport, type ComposeExportOptions } from '../../export/compose';
import { loadProvisionerFile } from '../template';
import { defaultProvisioners } from './index';

/**
 * Our built-in provisioners against score-compose's own default provisioner file (read from the
 * reference folder at test time, run through the template adapter): for the same workloads and
 * seed, both must give the same compose.yaml, the same mounted files and the same errors.
 */
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const reference = path.resolve(repoRoot, '../shared/reference/score-compose');
const defaultsFile = path.join(reference, 'default.provisioners.yaml');
const haveDefaults = existsSync(defaultsFile);
if (!haveDefaults) console.log(`built-in provisioner parity: skipped, ${defaultsFile} is absent`);

const templated = () => {
  const loaded = loadProvisionerFile(readFileSync(defaultsFile, 'utf8'), 'zz-default.provisioners.yaml');
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.provisioners;
};

function both(
  inputs: Array<{ text: string; file: string }>,
  options: ComposeExportOptions = {},
): [ComposeExport, ComposeExport] {
  return [
    exportCompose(inputs, { ...options, provisioners: defaultProvisioners() }),
    exportCompose(inputs, { ...options, provisioners: templated() }),
  ];
}

function comparable(out: ComposeExport) {
  return {
    compose: out.compose,
    files: out.files.map((f) => [f.path, typeof f.content === 'string' ? f.content : [...f.content]]),
    errors: out.errors,
  };
}

const checked: string[] = [];

function workload(name: string, resources: string, extra = ''): { text: string; file: string } {
  return {
    file: `${name}.yaml`,
    text: `apiVersion: score.dev/v1b1
metadata:
  name: ${name}
containers:
  main:
    image: busybox
${extra}resources:
${resources}`,
  };
}

describe.skipIf(!haveDefaults)('built-in provisioners match score-compose default templates', () => {
  afterAll(() =>
    console.log(`built-in provisioner parity: ${checked.length} scenarios identical (${checked.join(', ')})`),
  );

  it('on the examples that use them', () => {
    const examples = path.join(reference, 'examples');
    for (const dir of readdirSync(examples).filter((d) => /^(0[5-9]|1[0-5])-/.test(d))) {
      const inputs = readdirSync(path.join(examples, dir))
        .filter((f) => f.endsWith('.yaml') && !f.includes('compose'))
        .map((file) => ({ file, text: readFileSync(path.join(examples, dir, file), 'utf8') }));
      for (const seed of [1, 2]) {
        const [ours, theirs] = both(inputs, { projectName: dir, seed });
        expect(ours.errors, dir).toEqual([]);
        expect(comparable(ours), `${dir} seed ${seed}`).toEqual(comparable(theirs));
      }
      checked.push(dir);
    }
  });

  it('with two resources of every type, shared instances and annotations', () => {
    const annotated = (port: string) =>
      `    metadata:\n      annotations:\n        compose.score.dev/publish-port: "${port}"\n        compose.score.dev/publish-management-port: "1${port}"\n`;
    const types = [
      'volume',
      'redis',
      'postgres',
      'postgres-instance',
      's3',
      'amqp',
      'dns',
      'mongodb',
      'mysql',
      'kafka-topic',
      'mssql',
    ];
    const resources = types
      .map(
        (t) =>
          `  ${t}-one:\n    type: ${t}\n  ${t}-two:\n    type: ${t}\n${annotated('9' + String(types.indexOf(t)).padStart(3, '0'))}`,
      )
      .join('');
    const reads = types
      .filter((t) => t !== 'volume')
      .map(
        (t, i) =>
          `      V${i}: \${resources.${t}-two.${t === 'dns' ? 'host' : t === 'mssql' ? 'connection' : t === 's3' ? 'endpoint' : 'port'}}\n`,
      )
      .join('');
    const [ours, theirs] = both([workload('app', resources, `    variables:\n${reads}`)], {
      projectName: 'demo',
      seed: 4,
    });
    expect(ours.errors).toEqual([]);
    expect(comparable(ours)).toEqual(comparable(theirs));
    checked.push('every type twice');
  });

  it('with routes on two hosts, path types and snippets', () => {
    const ports =
      'service:\n  ports:\n    web:\n      port: 80\n      targetPort: 8080\n    admin:\n      port: 9000\n';
    const route = (name: string, host: string, routePath: string, port: string, annotations = '') =>
      `  ${name}:\n    type: route\n${annotations}    params:\n      host: ${host}\n      path: ${routePath}\n      port: ${port}\n`;
    const exact =
      '    metadata:\n      annotations:\n        compose.score.dev/route-provisioner-path-type: Exact\n        compose.score.dev/route-provisioner-location-snippet: |\n          add_header X-One 1;\n          add_header X-Two 2;\n        compose.score.dev/route-provisioner-server-snippet: "gzip on;"\n';
    const resources =
      route('r-one', 'a.localhost', '/', 'web') +
      route('r-two', 'a.localhost', '/api/', '9000') +
      route('r-three', 'b.localhost', '/x', 'admin', exact);
    const [ours, theirs] = both([workload('app', resources, ports)], { projectName: 'demo', seed: 5 });
    expect(ours.errors).toEqual([]);
    expect(comparable(ours)).toEqual(comparable(theirs));
    checked.push('routes');
  });

  it('with port annotations that are not plain decimals (atoi)', () => {
    const annotated = (port: string) =>
      `    metadata:\n      annotations:\n        compose.score.dev/publish-port: "${port}"\n        compose.score.dev/publish-management-port: "${port}"\n`;
    const ports = [' 9000', '0x10', '+7000', '99999999999999999999'];
    const resources = ['amqp', 'kafka-topic', 's3']
      .flatMap((t) => ports.map((p, i) => `  ${t}-${i}:\n    type: ${t}\n${annotated(p)}`))
      .join('');
    const [ours, theirs] = both([workload('app', resources)], { projectName: 'demo', seed: 6 });
    expect(ours.errors).toEqual([]);
    expect(comparable(ours)).toEqual(comparable(theirs));
    checked.push('atoi annotations');
  });

  it('with the same errors, in the same words', () => {
    const ports = 'service:\n  ports:\n    web:\n      port: 80\n';
    const servicePort = (params: string) => workload('app', `  dep:\n    type: service-port\n    params:\n${params}`);
    const route = (params: string, extra = ports) =>
      workload('app', `  rt:\n    type: route\n    params:\n${params}`, extra);
    const cases = [
      servicePort('      port: web\n'),
      servicePort('      workload: app\n'),
      servicePort('      workload: nobody\n      port: web\n'),
      route('      host: h\n      path: x\n      port: web\n'),
      route('      host: "H H"\n      path: /\n      port: web\n'),
      route('      host: h\n      path: /\n      port: web\n', ''),
      route('      host: h\n      path: /\n      port: nope\n'),
    ];
    for (const input of cases) {
      const [ours, theirs] = both([input], { seed: 1 });
      expect(ours.errors.length).toBe(1);
      expect(ours.errors).toEqual(theirs.errors);
    }
    checked.push('errors');
  });
});
