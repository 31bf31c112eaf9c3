import { describe, expect, it } from 'vitest';
import { YamlV3Float } from './common/borrowed';
import { targetHash } from './convert/files';
import { writeKyaml } from './common/kyaml';
import { quantityText, QUANTITY_FORMAT_ERROR } from './common/resource-quantity';
import { decodeSecretRefs, encodeSecretRef, findUnresolvedSecretRef, secretRefVariable } from './common/secret-refs';
import { sjsonDelete, sjsonSet, type Json } from '../patching/sjson';

/**
 * The Go behaviours the Kubernetes export mirrors, held to values Kubernetes and score-k8s are known
 * to give (their tests' expectations, or apimachinery's documented canonical forms).
 */
describe('resource quantities (apimachinery resource.Quantity)', () => {
  const cases: Array<[string, string]> = [
    ['999m', '999m'],
    ['0.5', '500m'],
    ['0.1', '100m'],
    ['2000m', '2'],
    ['1500m', '1500m'],
    ['1', '1'],
    ['0', '0'],
    ['0m', '0'],
    ['1000', '1k'],
    ['10Mi', '10Mi'],
    ['8Mi', '8Mi'],
    ['1024Mi', '1Gi'],
    ['2048Ki', '2Mi'],
    ['1.5Gi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['1000Mi', '1000Mi'],
    ['0.1Ki', '102400m'],
    ['1G', '1G'],
    ['1000M', '1G'],
    ['1.5G', '1500M'],
    ['129e6', '129e6'],
    ['0.0001', '100u'],
    ['0.0000000001', '1n'],
  ];
  it.each(cases)('%s is written %s', (input, expected) => {
    expect(quantityText(input)).toEqual({ text: expected });
  });

  it('refuses what Kubernetes refuses, in its words', () => {
    expect(quantityText('512K')).toEqual({ error: "unable to parse quantity's suffix" });
    expect(quantityText('12x')).toEqual({ error: QUANTITY_FORMAT_ERROR });
    expect(quantityText('')).toEqual({ error: QUANTITY_FORMAT_ERROR });
  });
});

describe('secret references', () => {
  it('names hidden variables as score-k8s does (FNV-1 128, raw URL base64, _ and - made 0)', () => {
    expect(secretRefVariable({ name: '', key: '' })).toBe('__ref_bGInLge7AUJiuCF1YpXFjQ');
    expect(secretRefVariable({ name: 'hello', key: 'world' })).toBe('__ref_7nSlDImL8R05KcUzKJ00KQ');
    expect(secretRefVariable({ name: 'hello', key: 'dan' })).toBe('__ref_pCu17eplmVon10uSLW8i8A');
    expect(secretRefVariable({ name: 'default', key: 'some-key' })).toBe('__ref_0960osB2KjQY08QKfHliCg');
    expect(secretRefVariable({ name: 'default', key: 'other-key' })).toBe('__ref_mWObImRl7lfuP04NHDPsvA');
  });

  it('splits text at references, a key keeping every _ after the first', () => {
    const text = `a${encodeSecretRef('db', 'pass_word')}b${encodeSecretRef('other', 'k')}`;
    expect(decodeSecretRefs(text)).toEqual({
      parts: ['a', 'b', ''],
      refs: [
        { name: 'db', key: 'pass_word' },
        { name: 'other', key: 'k' },
      ],
    });
    expect(decodeSecretRefs('🔐💬nounderscore💬🔐')).toEqual({ error: "invalid secret ref: doesn't contain _" });
  });

  it('finds the first reference left in a manifest, through sorted keys', () => {
    const ref = encodeSecretRef('s', 'k');
    expect(findUnresolvedSecretRef({ b: [{ x: ref }], a: { y: 'plain' } })).toBe('.b.0.x');
    expect(findUnresolvedSecretRef({ a: 'plain' })).toBeUndefined();
  });
});

describe('file volume names', () => {
  it('are the first 5 bytes of the SHA-256 of the target', () => {
    expect(targetHash('/some/mount')).toBe('53b1563f1b');
    expect(targetHash('/mount/thing')).toBe('5e3859fe72');
  });
});

describe('sjson set and delete', () => {
  const manifests: Json = [{ kind: 'Deployment', metadata: { name: 'a' } }];

  it('sets existing and new fields, creating parents, and appends with -1', () => {
    let root = sjsonSet(manifests, '0.kind', 'StatefulSet');
    root = sjsonSet(root, '0.metadata.annotations.custom\\.io/key', 'v');
    root = sjsonSet(root, '-1', { kind: 'Service' });
    root = sjsonSet(root, '0.spec.ports.1.port', 80);
    expect(root).toEqual([
      {
        kind: 'StatefulSet',
        metadata: { name: 'a', annotations: { 'custom.io/key': 'v' } },
        spec: { ports: [null, { port: 80 }] },
      },
      { kind: 'Service' },
    ]);
    expect(manifests).toEqual([{ kind: 'Deployment', metadata: { name: 'a' } }]);
  });

  it('deletes fields and list items, and leaves what is not there', () => {
    const root = sjsonSet(manifests, '-1', { kind: 'Secret' });
    expect(sjsonDelete(root, '0')).toEqual([{ kind: 'Secret' }]);
    expect(sjsonDelete(root, '-1')).toEqual(manifests);
    expect(sjsonDelete(root, '0.metadata.missing')).toEqual(root);
    expect(sjsonDelete(root, '0.metadata.name')).toEqual([{ kind: 'Deployment', metadata: {} }, { kind: 'Secret' }]);
  });

  it('refuses what sjson refuses', () => {
    expect(() => sjsonSet(manifests, '', 1)).toThrow('path cannot be empty');
    expect(() => sjsonSet(manifests, 'name', 1)).toThrow("cannot set array element for non-numeric key 'name'");
    expect(() => sjsonSet(manifests, ':0', 1)).toThrow("cannot set array element for non-numeric key '0'");
  });
});

describe('KYAML (sigs.k8s.io/yaml/kyaml)', () => {
  it('writes mappings in braces, strings double-quoted, keys bare unless ambiguous', () => {
    expect(writeKyaml({ b: 1, a: 'x', null: true, 'app.kubernetes.io/name': 'n', '80': 80, '-x': 'y' })).toBe(
      '---\n{\n  "-x": "y",\n  "80": 80,\n  a: "x",\n  app.kubernetes.io/name: "n",\n  b: 1,\n  "null": true,\n}\n',
    );
  });

  it('cuddles lists of mappings and lists, and opens other lists on their own lines', () => {
    expect(writeKyaml({ c: [{ x: 1 }, {}], s: ['a', 1], e: [] })).toBe(
      '---\n{\n  c: [{\n    x: 1,\n  }, {}],\n  e: [],\n  s: [\n    "a",\n    1,\n  ],\n}\n',
    );
  });

  it('folds a multi-line string line by line, keeping leading spaces with a backslash', () => {
    expect(writeKyaml('This\n is a\n  multi-line\n string')).toBe(
      '---\n"\\\n   This\\n\\\n  \\ is a\\n\\\n  \\  multi-line\\n\\\n  \\ string\\\n  "\n',
    );
  });

  it('writes numbers as Go JSON writes them, float64 ones included', () => {
    expect(writeKyaml({ a: 1e21, b: new YamlV3Float(1000000), c: 1.5 })).toBe(
      '---\n{\n  a: 1e+21,\n  b: 1000000,\n  c: 1.5,\n}\n',
    );
  });
});
