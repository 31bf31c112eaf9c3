import { describe, expect, it } from 'vitest';
import { haveOrchestratorReference, referenceDocuments } from '../../../test/support/orchestrator/reference';
import { validateAgainstSchema } from './crd-schema';
import { WORKLOAD_SCHEMA, type StructuralSchema } from './workload-crd';
import { validateWorkloadResource } from './workload-resource';

/** A valid Workload to vary: each test changes one thing. */
function workload(spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) {
  return {
    apiVersion: 'score.dev/v1b1',
    kind: 'Workload',
    metadata: { name: 'web', namespace: 'default', ...metadata },
    spec: { containers: { app: { image: 'nginx:1.27' } }, ...spec },
  };
}

function codes(resource: unknown): string[] {
  return validateWorkloadResource(resource).map((p) => `${p.code} ${p.pointer}`);
}

describe('the Workload CRD schema', () => {
  it.skipIf(!haveOrchestratorReference)(
    'is the published CRD, field by field (without descriptions and status)',
    () => {
      const [crd] = referenceDocuments('config/crd/bases/score.dev_workloads.yaml') as Array<{
        spec: { versions: Array<{ name: string; schema: { openAPIV3Schema: Record<string, unknown> } }> };
      }>;
      const version = crd!.spec.versions.find((v) => v.name === 'v1b1')!;
      const published = withoutDescriptions(version.schema.openAPIV3Schema) as { properties: Record<string, unknown> };
      delete published.properties.status;
      expect(WORKLOAD_SCHEMA).toEqual(published);
    },
  );

  it('accepts a minimal Workload', () => {
    expect(codes(workload())).toEqual([]);
  });
});

describe('the CRD rule on spec.containers: size(self) > 0', () => {
  const rule = WORKLOAD_SCHEMA.properties!.spec!.properties!.containers!;

  it('passes with one container', () => {
    expect(validateAgainstSchema({ app: { image: 'x' } }, rule)).toEqual([]);
  });

  it('fails with none, with its message, beside minProperties', () => {
    const problems = validateAgainstSchema({}, rule);
    expect(problems.map((p) => p.code)).toEqual(['TOO_FEW_ITEMS', 'CEL_RULE_VIOLATION']);
    expect(problems[1]!.message).toBe('the resource: containers must contain at least one container');
  });
});

describe("the CRD rule on an image: self == '.' || !self.startsWith('-') && !self.endsWith('-')", () => {
  for (const image of ['nginx:1.27', '.', 'registry.example.com/team/app@sha256:abc', 'a-b']) {
    it(`passes "${image}"`, () => {
      expect(codes(workload({ containers: { app: { image } } }))).toEqual([]);
    });
  }
  for (const image of ['-nginx', 'nginx-', '-']) {
    it(`fails "${image}" at the image, with the rule's message`, () => {
      const problems = validateWorkloadResource(workload({ containers: { app: { image } } }));
      expect(problems).toEqual([
        {
          code: 'CEL_RULE_VIOLATION',
          message: "spec.containers.app.image: image must be '.' for build-from-source or a valid image reference",
          pointer: '/spec/containers/app/image',
          part: 'value',
        },
      ]);
    });
  }
});

describe('the CRD rule on a file: exactly one of source, content, or binaryContent', () => {
  const withFile = (file: Record<string, unknown>) => workload({ containers: { app: { image: 'x', files: [file] } } });

  for (const [what, file] of [
    ['content', { target: '/a', content: 'x' }],
    ['source', { target: '/a', source: { uri: 'https://example.com/a' } }],
    ['binaryContent', { target: '/a', binaryContent: 'eA==' }],
  ] as const) {
    it(`passes with ${what} alone`, () => {
      expect(codes(withFile(file))).toEqual([]);
    });
  }

  it('fails with none, at the file', () => {
    expect(codes(withFile({ target: '/a' }))).toEqual(['CEL_RULE_VIOLATION /spec/containers/app/files/0']);
  });

  it('fails with two, at the file', () => {
    const problems = validateWorkloadResource(withFile({ target: '/a', content: 'x', binaryContent: 'eA==' }));
    expect(problems.map((p) => [p.code, p.pointer, p.message])).toEqual([
      [
        'CEL_RULE_VIOLATION',
        '/spec/containers/app/files/0',
        'spec.containers.app.files[0]: exactly one of source, content, or binaryContent must be specified',
      ],
    ]);
  });
});

describe('the structural schema, as the API server applies it', () => {
  it('requires spec and spec.containers', () => {
    expect(codes({ apiVersion: 'score.dev/v1b1', kind: 'Workload', metadata: { name: 'x' } })).toEqual([
      'REQUIRED_FIELD /spec',
    ]);
    expect(codes(workload({ containers: undefined }))).toContain('TYPE_MISMATCH /spec/containers');
  });

  it('bounds ports, containers, files and probe ports', () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`c${i}`, { image: 'x' }]));
    expect(codes(workload({ containers: many }))).toEqual(['TOO_MANY_ITEMS /spec/containers']);
    const files = Array.from({ length: 21 }, (_, i) => ({ target: `/f${i}`, content: 'x' }));
    expect(codes(workload({ containers: { app: { image: 'x', files } } }))).toEqual([
      'TOO_MANY_ITEMS /spec/containers/app/files',
    ]);
    expect(
      codes(workload({ service: { ports: [{ port: 0 }, { port: 70000 }, { port: 80, protocol: 'SCTP' }] } })),
    ).toEqual([
      'VALUE_OUT_OF_RANGE /spec/service/ports/0/port',
      'VALUE_OUT_OF_RANGE /spec/service/ports/1/port',
      'INVALID_ENUM /spec/service/ports/2/protocol',
    ]);
    const probe = { httpGet: { port: 65536 }, exec: { command: [] } };
    expect(codes(workload({ containers: { app: { image: 'x', livenessProbe: probe } } }))).toEqual([
      'VALUE_OUT_OF_RANGE /spec/containers/app/livenessProbe/httpGet/port',
      'TOO_FEW_ITEMS /spec/containers/app/livenessProbe/exec/command',
    ]);
  });

  it('refuses unknown fields, empty required text and values of the wrong type', () => {
    expect(codes(workload({ containers: { app: { image: '', volumes: {} } } }))).toEqual([
      'TOO_SHORT /spec/containers/app/image',
      'UNKNOWN_FIELD /spec/containers/app/volumes',
    ]);
    expect(codes(workload({ resources: { db: { class: 'small' }, q: { type: 3 } } }))).toEqual([
      'REQUIRED_FIELD /spec/resources/db/type',
      'TYPE_MISMATCH /spec/resources/q/type',
    ]);
  });

  it('keeps any params (x-kubernetes-preserve-unknown-fields)', () => {
    expect(
      codes(workload({ resources: { db: { type: 'postgres', params: { deep: [{ any: true }], n: 1.5 } } } })),
    ).toEqual([]);
  });

  it('checks metadata as ObjectMeta', () => {
    expect(codes(workload({}, { name: 'Web_App' }))).toEqual(['INVALID_NAME /metadata/name']);
    expect(codes(workload({}, { namespace: 'a.b' }))).toEqual(['INVALID_NAME /metadata/namespace']);
    expect(codes(workload({}, { labels: { 'bad key!': 'x', ok: 'not ok!', n: 2 } }))).toEqual([
      'INVALID_NAME /metadata/labels/bad key!',
      'PATTERN_MISMATCH /metadata/labels/ok',
      'TYPE_MISMATCH /metadata/labels/n',
    ]);
    expect(codes(workload({}, { annotations: { 'example.com/owner': 'x', '/x': 'y' } }))).toEqual([
      'INVALID_NAME /metadata/annotations/~1x',
    ]);
    expect(codes({ ...workload(), kind: 'Deployment' })).toEqual(['INVALID_ENUM /kind']);
  });
});

function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, item]) => [key, withoutDescriptions(item)]),
  ) as StructuralSchema;
}
