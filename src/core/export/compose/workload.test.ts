import { describe, expect, it } from 'vitest';
import { toWorkload, upgradeWorkload } from './workload';

describe('upgrade transforms and typing', () => {
  it('turns list-form files and volumes into maps keyed by target', () => {
    const upgraded = upgradeWorkload({
      metadata: { name: 'w' },
      containers: {
        c: {
          image: 'x',
          files: [{ target: '/a', content: ['line 1', 'line 2'] }],
          volumes: [{ target: '/data', source: '${resources.v}', read_only: true }],
        },
      },
    });
    const w = toWorkload(upgraded, 'score.yaml');
    expect(w.containers.c!.files).toEqual({ '/a': { content: 'line 1\nline 2' } });
    expect(w.containers.c!.volumes).toEqual({ '/data': { source: '${resources.v}', readOnly: true } });
  });

  it('keeps the map forms and reads ports, resources and before', () => {
    const w = toWorkload(
      upgradeWorkload({
        metadata: { name: 'w', annotations: { a: 'b' } },
        service: { ports: { web: { port: 80, targetPort: 8080 }, dns: { port: 53, protocol: 'UDP' } } },
        containers: { c: { image: 'x', before: { d: { ready: 'complete' } } }, d: { image: 'y' } },
        resources: { db: { type: 'postgres', class: 'large', id: 'main' } },
      }),
      'score.yaml',
    );
    expect(w.name).toBe('w');
    expect(w.servicePorts).toEqual({ web: { port: 80, targetPort: 8080 }, dns: { port: 53, protocol: 'UDP' } });
    expect(w.resources.db).toEqual({ type: 'postgres', class: 'large', id: 'main' });
    expect(w.containers.c!.before).toEqual({ d: { ready: 'complete' } });
  });

  it('keeps a __proto__ key as plain data', () => {
    const raw = JSON.parse(
      '{"metadata":{"name":"w"},"containers":{"c":{"image":"x","variables":{"__proto__":"v"}}}}',
    ) as Record<string, unknown>;
    const w = toWorkload(upgradeWorkload(raw), 'score.yaml');
    expect(Object.keys(w.containers.c!.variables)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).v).toBeUndefined();
  });
});
