import { describe, expect, it } from 'vitest';
import { blame } from './blame';
import { celInput, compileCel, jsonFromCel } from './cel';

function run(expression: string, bindings: Record<string, unknown> = {}) {
  const compiled = compileCel(expression);
  if (!compiled.ok) return { compileError: compiled.error };
  const result = compiled.compiled.run(Object.fromEntries(Object.entries(bindings).map(([k, v]) => [k, celInput(v)])));
  return result.ok ? { value: jsonFromCel(result.value) } : { error: result.error };
}

describe('CEL over JSON, as the API server reads an object', () => {
  it('reads whole numbers as int and others as double', () => {
    expect(run('self.port + 1 == 8081', { self: { port: 8080 } })).toEqual({ value: true });
    expect(run('type(self.port) == int && type(self.ratio) == double', { self: { port: 1, ratio: 0.5 } })).toEqual({
      value: true,
    });
  });

  it('reads objects as maps: has() asks for the key, a missing key is an error', () => {
    const self = { metadata: { name: 'web' } };
    expect(run('has(self.metadata.name) && !has(self.metadata.labels)', { self })).toEqual({ value: true });
    expect(run('self.metadata.labels.team', { self })).toEqual({ error: expect.stringContaining('labels') });
  });

  it('keeps __proto__ keys as data', () => {
    const self = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(run("'__proto__' in self && self['__proto__'].x == 1", { self })).toEqual({ value: true });
    expect(jsonFromCel(celInput(self))).toEqual(self);
  });

  it('says why an expression does not compile, and never throws', () => {
    expect(run('self.a ==')).toEqual({ compileError: expect.stringMatching(/^<input>:1:/) });
    expect(run('size(')).toEqual({ compileError: expect.any(String) });
  });

  it("has cel-go's string extensions, as Kubernetes enables them", () => {
    expect(run("'a,b,c'.split(',').size() == 3 && 'Web'.lowerAscii() == 'web' && ' x '.trim() == 'x'")).toEqual({
      value: true,
    });
    expect(run("['a', 'b'].join('-')")).toEqual({ value: 'a-b' });
    expect(run("'registry/app:1'.substring('registry/app:1'.lastIndexOf('/') + 1)")).toEqual({ value: 'app:1' });
  });

  it("has Kubernetes' list functions", () => {
    expect(run('[1, 2, 3].isSorted() && ![2, 1].isSorted()')).toEqual({ value: true });
    expect(run('[1, 2, 3].sum()')).toEqual({ value: 6 });
    expect(run('[0.5, 0.25].sum()')).toEqual({ value: 0.75 });
    expect(run("['b', 'a'].min() == 'a' && [3, 9, 4].max() == 9")).toEqual({ value: true });
    expect(run('[].max()')).toEqual({ error: 'max() called on an empty list' });
    expect(run("[1, 'a'].isSorted()")).toEqual({ error: 'isSorted() cannot compare int with string' });
  });

  it('compiles each text once', () => {
    const a = compileCel('1 + 1 == 2');
    const b = compileCel('1 + 1 == 2');
    expect(a.ok && b.ok && a.compiled === b.compiled).toBe(true);
  });
});

describe('where a false rule points (blame)', () => {
  const object = {
    metadata: { name: 'shop', annotations: { a: 'b' } },
    spec: {
      containers: {
        web: { image: 'shop:latest', resources: { limits: { cpu: '1' } } },
        worker: { image: 'worker:1.0' },
        cron: { image: 'cron:2', resources: { limits: { cpu: '1', memory: '1Gi' } } },
      },
      resources: { db: { type: 'postgres' }, bus: { type: 'kafka' } },
    },
  };
  const places = (expression: string, root = 'object', value: unknown = object, at = '') => {
    const compiled = compileCel(expression);
    if (!compiled.ok) throw new Error(compiled.error);
    return blame(compiled.compiled.parsed, { [root]: celInput(value) }, new Map([[root, at]]));
  };

  it('blames each element of all() that fails, at what its predicate reads', () => {
    expect(places("object.spec.containers.all(c, !object.spec.containers[c].image.endsWith(':latest'))")).toEqual([
      '/spec/containers/web/image',
    ]);
  });

  it('blames the elements that make !exists() false', () => {
    expect(places("!object.spec.containers.exists(c, object.spec.containers[c].image.endsWith(':latest'))")).toEqual([
      '/spec/containers/web/image',
    ]);
  });

  it('blames the first failing part of a conjunction, per element', () => {
    expect(
      places(
        "object.spec.containers.all(c, has(object.spec.containers[c].resources) && 'memory' in object.spec.containers[c].resources.limits)",
      ),
    ).toEqual(['/spec/containers/web/resources/limits', '/spec/containers/worker/resources']);
  });

  it('blames the most specific part of a disjunction', () => {
    expect(
      places(
        "!has(object.spec.resources) || object.spec.resources.all(r, object.spec.resources[r].type in ['postgres'])",
      ),
    ).toEqual(['/spec/resources/bus/type']);
  });

  it('blames a missing field by its path, and a ternary by the branch taken', () => {
    expect(places("has(object.metadata.annotations) && 'owner' in object.metadata.annotations")).toEqual([
      '/metadata/annotations',
    ]);
    expect(places('has(object.metadata.labels.team)')).toEqual(['/metadata/labels/team']);
    expect(
      places("has(object.metadata.labels) ? object.metadata.labels.size() > 0 : object.metadata.name == 'x'"),
    ).toEqual(['/metadata/name']);
  });

  it('blames what several reads share, relative to self', () => {
    const file = { target: '/a', content: 'x', source: { uri: 'u' } };
    const rule = '(has(self.source) ? 1 : 0) + (has(self.content) ? 1 : 0) + (has(self.binaryContent) ? 1 : 0) == 1';
    expect(places(rule, 'self', file, '/spec/containers/web/files/0')).toEqual(['/spec/containers/web/files/0']);
  });

  it('blames nothing in particular when the rule reads no field', () => {
    expect(places('1 == 2')).toEqual([]);
  });
});
