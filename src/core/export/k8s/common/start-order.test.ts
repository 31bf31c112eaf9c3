import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportKubernetes, type K8sExport } from '../index';

/**
 * Start order under "init-containers": what Kubernetes does with the produced pod (init containers
 * one by one, each after the one before it completed, or started, or passed its startup probe; the
 * ordinary containers together, after them all) must honour every `before`, or the export refuses.
 */
type Ready = 'started' | 'healthy' | 'complete';

interface Spec {
  containers: Record<
    string,
    { image: string; before?: Record<string, { ready: Ready }>; readinessProbe?: unknown; livenessProbe?: unknown }
  >;
}

function exportOf(spec: Spec): K8sExport {
  const text = JSON.stringify({ apiVersion: 'score.dev/v1b1', metadata: { name: 'app' }, ...spec });
  return exportKubernetes([{ text, file: 'score.yaml' }], { seed: 1, startOrder: 'init-containers' });
}

interface PodContainer {
  name: string;
  restartPolicy?: string;
  startupProbe?: unknown;
}

/**
 * The moments Kubernetes reaches for each container, in the order it reaches them: a container's
 * start, its health (a sidecar's startup probe passing) and its completion (an init container).
 */
function moments(out: K8sExport): Map<string, number> {
  const deployment = out.manifests.find((m) => m.kind === 'Deployment')!;
  const pod = (
    deployment.spec as { template: { spec: { initContainers?: PodContainer[]; containers: PodContainer[] } } }
  ).template.spec;
  const at = new Map<string, number>();
  let clock = 0;
  for (const c of pod.initContainers ?? []) {
    at.set(`start ${c.name}`, ++clock);
    if (c.restartPolicy === 'Always') {
      if (c.startupProbe) at.set(`healthy ${c.name}`, ++clock);
    } else at.set(`complete ${c.name}`, ++clock);
  }
  clock++;
  for (const c of pod.containers) at.set(`start ${c.name}`, clock); // together
  return at;
}

/** The `before` entries the produced pod does not honour. */
function broken(spec: Spec, out: K8sExport): string[] {
  const at = moments(out);
  const out_: string[] = [];
  for (const [a, container] of Object.entries(spec.containers)) {
    for (const [b, { ready }] of Object.entries(container.before ?? {})) {
      const reached = at.get(`${ready === 'started' ? 'start' : ready} ${a}`);
      const starts = at.get(`start ${b}`);
      if (reached === undefined || starts === undefined || reached >= starts) out_.push(`${a} ${ready} before ${b}`);
    }
  }
  return out_;
}

const probe = { exec: { command: ['true'] } };

describe('start order as init containers', () => {
  it('lists a chain in its order, where PR #294 lists init containers by name only', () => {
    const spec: Spec = {
      containers: {
        zz: { image: 'i', before: { aa: { ready: 'complete' } } },
        aa: { image: 'i', before: { app: { ready: 'complete' } } },
        app: { image: 'i' },
      },
    };
    const out = exportOf(spec);
    expect(out.diagnostics).toEqual([]);
    expect([...moments(out).keys()]).toEqual(['start zz', 'complete zz', 'start aa', 'complete aa', 'start app']);
    expect(broken(spec, out)).toEqual([]);
  });

  it('makes a healthy predecessor a sidecar whose startup probe is its readiness probe', () => {
    const readiness = { httpGet: { path: '/ready', port: 8080 } };
    const out = exportOf({
      containers: {
        db: { image: 'i', readinessProbe: readiness, livenessProbe: probe, before: { app: { ready: 'healthy' } } },
        app: { image: 'i' },
      },
    });
    const deployment = out.manifests.find((m) => m.kind === 'Deployment')!;
    const [db] = (deployment.spec as { template: { spec: { initContainers: Array<Record<string, unknown>> } } })
      .template.spec.initContainers;
    expect(db).toMatchObject({
      name: 'db',
      restartPolicy: 'Always',
      startupProbe: { httpGet: { path: '/ready', port: 8080 } },
    });
    expect(db!.livenessProbe).toEqual(probe);
  });

  it('leaves out the probes of a container that runs to completion, with a warning at each', () => {
    const out = exportOf({
      containers: {
        migrate: { image: 'i', livenessProbe: probe, before: { app: { ready: 'complete' } } },
        app: { image: 'i' },
      },
    });
    expect(out.files).toHaveLength(1);
    expect(out.diagnostics).toMatchObject([
      { severity: 'warning', code: 'K8S_NOT_CONVERTED', path: '/containers/migrate/livenessProbe' },
    ]);
    expect(out.files[0]!.content).not.toContain('livenessProbe');
  });

  it('refuses a container that must both complete and keep running, at its place', () => {
    const out = exportOf({
      containers: {
        setup: { image: 'i', before: { app: { ready: 'complete' }, worker: { ready: 'started' } } },
        app: { image: 'i' },
        worker: { image: 'i' },
      },
    });
    expect(out.files).toEqual([]);
    expect(out.diagnostics).toMatchObject([{ severity: 'error', path: '/containers/setup/before/app/ready' }]);
    expect(out.diagnostics[0]!.message).toContain("ready 'complete' cannot be expressed together with ready 'started'");
  });

  it('refuses a cycle', () => {
    const out = exportOf({
      containers: {
        aa: { image: 'i', before: { bb: { ready: 'started' } } },
        bb: { image: 'i', before: { aa: { ready: 'started' } } },
      },
    });
    expect(out.diagnostics.map((d) => d.message)).toEqual([
      'invalid score file: score.yaml: containers before relationships contain a cycle',
    ]);
  });

  it('property: every before is honoured by the pod Kubernetes runs, or the export is refused', () => {
    const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    const ready = fc.constantFrom<Ready>('started', 'healthy', 'complete');
    const container = fc.record({
      readiness: fc.boolean(),
      liveness: fc.boolean(),
      before: fc.array(fc.tuple(fc.constantFrom(...names), ready), { maxLength: 3 }),
    });
    let exported = 0;
    let withInit = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.array(container, { minLength: 5, maxLength: 5 }), (n, drawn) => {
        const used = names.slice(0, n);
        const spec: Spec = { containers: {} };
        used.forEach((name, i) => {
          const c = drawn[i]!;
          const before = Object.fromEntries(
            c.before.filter(([b]) => used.includes(b)).map(([b, r]) => [b, { ready: r }]),
          );
          spec.containers[name] = {
            image: 'busybox',
            ...(Object.keys(before).length > 0 ? { before } : {}),
            ...(c.readiness ? { readinessProbe: probe } : {}),
            ...(c.liveness ? { livenessProbe: probe } : {}),
          };
        });
        const out = exportOf(spec);
        if (out.files.length === 0) {
          expect(out.diagnostics.some((d) => d.severity === 'error')).toBe(true);
          return;
        }
        exported++;
        if (out.files[0]!.content.includes('initContainers')) withInit++;
        expect(broken(spec, out)).toEqual([]);
      }),
      { numRuns: 300 },
    );
    // Not vacuous: many random workloads are exported, many with init containers.
    expect(exported).toBeGreaterThan(50);
    expect(withInit).toBeGreaterThan(20);
  });
});
