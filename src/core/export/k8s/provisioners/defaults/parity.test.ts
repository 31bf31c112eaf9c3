import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exportKubernetes } from '../../index';
import { loadK8sProvisioners } from '../file';
import type { K8sProvisioner } from '../types';
import { DEFAULT_K8S_PROVISIONERS_FILE, defaultK8sProvisioners } from './index';

/**
 * Our default provisioners against score-k8s's own default provisioners file (read from the
 * reference folder at test time, run by the same template engine): for the same workloads, seed,
 * namespace and format, both give the same manifests byte for byte, and they list the same types,
 * classes, params, outputs and descriptions.
 */
const repoRoot = fileURLToPath(new URL('../../../../../..', import.meta.url));
const defaultsFile = path.resolve(repoRoot, '../shared/reference/score-k8s/default.provisioners.yaml');
const haveDefaults = existsSync(defaultsFile);
if (!haveDefaults) console.log(`score-k8s default provisioner parity: skipped, ${defaultsFile} is absent`);

function theirs(): K8sProvisioner[] {
  const loaded = loadK8sProvisioners(readFileSync(defaultsFile, 'utf8'));
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.provisioners;
}

const everyType = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    k8s.score.dev/service-name: shop-svc
containers:
  web:
    image: nginx
    variables:
      PG: \${resources.pg.password}
      MONGO: "\${resources.mongo.connection}"
      MSSQL: "\${resources.mssql.connection}"
      S3: "key \${resources.bucket.secret_key}"
      KAFKA: "\${resources.topic.host}:\${resources.topic.port}"
      OTHER: "\${resources.other.hostname}:\${resources.other.port}"
    volumes:
      /data:
        source: \${resources.vol}
service:
  ports:
    web:
      port: 8080
resources:
  pg: {type: postgres}
  pgi: {type: postgres-instance}
  cache: {type: redis}
  my: {type: mysql}
  mongo: {type: mongodb}
  mq: {type: amqp}
  mssql: {type: mssql}
  bucket: {type: s3}
  bucket2: {type: s3}
  topic: {type: kafka-topic}
  topic2: {type: kafka-topic}
  vol: {type: volume}
  dns: {type: dns}
  route:
    type: route
    params: {host: "\${resources.dns.host}", path: /shop, port: 8080}
  example: {type: example-provisioner-resource}
  other:
    type: service-port
    params: {workload: other, port: api}
`;

const other = `apiVersion: score.dev/v1b1
metadata:
  name: other
containers:
  api:
    image: busybox
service:
  ports:
    api:
      port: 80
      targetPort: 8080
`;

const compared: string[] = [];

describe.skipIf(!haveDefaults)('default provisioners match score-k8s default templates', () => {
  afterAll(() => console.log(`score-k8s default provisioner parity: ${compared.length} exports identical`));

  it('give the same manifests for every type, with several seeds, namespaces and both formats', () => {
    const inputs = [
      { text: everyType, file: 'shop.yaml' },
      { text: other, file: 'other.yaml' },
    ];
    for (const seed of [1, 2]) {
      for (const namespace of ['', 'prod']) {
        for (const format of ['yaml', 'kyaml'] as const) {
          const ours = exportKubernetes(inputs, { seed, namespace, format });
          const reference = exportKubernetes(inputs, { seed, namespace, format, provisioners: theirs() });
          expect(ours.diagnostics).toEqual([]);
          expect(ours.files).toEqual(reference.files);
          compared.push(`${seed}/${namespace || '-'}/${format}`);
        }
      }
    }
    const text = exportKubernetes(inputs, { seed: 1 }).files[0]!.content;
    for (const kind of ['HTTPRoute', 'StatefulSet', 'Job', 'Secret', 'ConfigMap'])
      expect(text).toContain(`kind: ${kind}\n`);
  });

  it('give the same errors', () => {
    const route = `apiVersion: score.dev/v1b1
metadata: {name: web}
containers: {main: {image: busybox}}
resources:
  rt: {type: route, params: {host: "Not A Host", path: /, port: 80}}
`;
    const [ours, reference] = [undefined, theirs()].map((provisioners) =>
      exportKubernetes([{ text: route, file: 'w.yaml' }], provisioners ? { provisioners } : {}),
    );
    expect(ours!.diagnostics.map((d) => d.message)).toEqual(reference!.diagnostics.map((d) => d.message));
    expect(ours!.diagnostics[0]!.message).toContain('params.host must be a valid hostname but was Not A Host');
  });

  it('list the same provisioners', () => {
    const facts = (list: K8sProvisioner[]) =>
      list.map(({ uri, type, class: c, id, description, params, outputs, cannotRun }) => ({
        uri,
        type,
        class: c,
        id,
        description,
        params,
        outputs,
        cannotRun: cannotRun !== undefined,
      }));
    expect(facts(defaultK8sProvisioners())).toEqual(facts(theirs()));
  });
});

describe('the default provisioners file', () => {
  it('is a score-k8s provisioners file that loads, in score-k8s order', () => {
    const loaded = loadK8sProvisioners(DEFAULT_K8S_PROVISIONERS_FILE);
    if ('error' in loaded) throw new Error(loaded.error);
    expect(loaded.provisioners.map((p) => p.type)).toEqual([
      'example-provisioner-resource',
      'example-provisioner-resource',
      'service-port',
      'volume',
      'dns',
      'route',
      'postgres',
      'postgres-instance',
      'redis',
      'mysql',
      'mongodb',
      'amqp',
      'mssql',
      's3',
      'kafka-topic',
    ]);
    expect(loaded.provisioners[1]!.cannotRun).toMatch(
      /^the provisioner cmd:\/\/bash#example-provisioner runs a program/,
    );
  });
});
