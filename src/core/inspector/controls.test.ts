import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateText } from '../validate';
import { controlOf, controls, fieldOwner } from './controls';
import { schemaPathOf, schemaProperties } from '../workload/schema-paths';

const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/score-v1b1.json');
const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
const properties = schemaProperties(schema);

describe('every property of schemas/score-v1b1.json has a form control', () => {
  it('finds the properties (the walk reaches deep ones through $ref and oneOf)', () => {
    const paths = properties.map((p) => p.path);
    // A few that sit behind a $ref inside a oneOf branch, or deep under both probes.
    expect(paths).toContain('/containers/*/files/*/noExpand');
    expect(paths).toContain('/containers/*/volumes/*/readOnly');
    expect(paths).toContain('/containers/*/readinessProbe/httpGet/httpHeaders/*/value');
    expect(paths).toContain('/resources/*/metadata/annotations/*');
    expect(paths.length).toBeGreaterThan(80);
  });

  it.each(properties.map((p) => [p.path, p] as const))('%s has a control', (_path, p) => {
    expect(controlOf(p.path), `no control is registered for ${p.path}`).toBeDefined();
  });

  it('registers no control for a path the schema does not have', () => {
    const known = new Set(['', ...properties.map((p) => p.path)]);
    expect(Object.keys(controls).filter((k) => !known.has(k))).toEqual([]);
  });

  it.each(properties.map((p) => [p.path, p] as const))('%s: the control suits the schema type', (_path, p) => {
    const kind = controlOf(p.path)?.kind;
    if (p.choices) expect(kind).toBe('choice');
    else if (p.free) expect(kind).toBe('tree');
    else if (p.types.includes('integer')) expect(kind).toBe('integer');
    else if (p.types.includes('boolean')) expect(kind).toBe('switch');
    else if (p.types.length === 1 && p.types[0] === 'array') expect(['list', 'entries']).toContain(kind);
    else if (p.types.includes('string')) {
      expect(['text', 'placeholder-text', 'long-text', 'cpu', 'memory', 'mount-path', 'choice']).toContain(kind);
    }
  });
});

describe('schemaPathOf', () => {
  it('reads keys of maps, indexes of lists and escaped paths as wildcards', () => {
    expect(schemaPathOf('/containers/web/files/~1etc~1app.conf/mode')?.path).toBe('/containers/*/files/*/mode');
    expect(schemaPathOf('/containers/web/files/0/target')?.path).toBe('/containers/*/files/*/target');
    expect(schemaPathOf('/containers/web/command/2')?.path).toBe('/containers/*/command/*');
    expect(schemaPathOf('/metadata/name')?.path).toBe('/metadata/name');
    expect(schemaPathOf('/metadata/team')?.path).toBe('/metadata/*');
  });

  it('stops at the root of a free tree', () => {
    expect(schemaPathOf('/resources/db/params/a/b/0')).toEqual({ path: '/resources/*/params/*', depth: 4 });
  });

  it('knows nothing of unknown keys', () => {
    expect(schemaPathOf('/containers/web/imagePullPolicy')).toBeUndefined();
  });
});

describe('fieldOwner: the control a diagnostic shows under', () => {
  const broken = `apiVersion: score.dev/v1b1
metadata:
  name: Web
  annotations:
    "bad key!": x
service:
  ports:
    www:
      port: 99999
containers:
  web:
    image: ""
    imagePullPolicy: Always
    variables:
      C: 5
    files:
      /etc/a:
        mode: "999"
    resources:
      limits:
        cpu: 1.5m
    readinessProbe: {}
    before:
      nope:
        ready: healthy
resources:
  db:
    type: postgres
    id: "Bad_ID"
    params:
      nested:
        url: \${resources.nope.host}
`;
  const diagnostics = validateText(broken).diagnostics;

  it('gives every diagnostic of a broken workload a control that exists', () => {
    expect(diagnostics.length).toBeGreaterThan(8);
    for (const d of diagnostics) {
      const owner = fieldOwner(d.path);
      const at = schemaPathOf(owner);
      expect(at, `${d.path} → ${owner}`).toBeDefined();
      expect(controlOf(at!.path), `${d.path} → ${owner}`).toBeDefined();
    }
  });

  it('puts a problem under the field it is about', () => {
    expect(fieldOwner('/containers/web/resources/limits/cpu')).toBe('/containers/web/resources/limits/cpu');
    expect(fieldOwner('/metadata/annotations/bad key!')).toBe('/metadata/annotations/bad key!');
    expect(fieldOwner('/containers/web/readinessProbe')).toBe('/containers/web/readinessProbe');
    expect(fieldOwner('/containers/web/before/nope')).toBe('/containers/web/before/nope');
  });

  it('puts an unknown key under the form around it, and a free tree node under its own row', () => {
    expect(fieldOwner('/containers/web/imagePullPolicy')).toBe('/containers/web');
    expect(fieldOwner('/resources/db/params/nested/url')).toBe('/resources/db/params/nested/url');
    expect(fieldOwner('/unknown')).toBe('');
  });
});
