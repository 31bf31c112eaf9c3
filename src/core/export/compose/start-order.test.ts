import { describe, expect, it } from 'vitest';
import { startOrder } from './start-order';
import { toWorkload, upgradeWorkload } from './workload';

const order = (containers: Record<string, unknown>) =>
  startOrder(toWorkload(upgradeWorkload({ metadata: { name: 'w' }, containers }), 'f'));

describe('start order', () => {
  it('picks the first container without before as primary, and init containers', () => {
    const out = order({
      init: { image: 'x', before: { main: { ready: 'complete' } } },
      main: { image: 'y' },
      side: { image: 'z', before: { main: { ready: 'started' } } },
    });
    if ('error' in out) throw new Error(out.error);
    expect(out.order.primary).toBe('main');
    expect([...out.order.initContainers]).toEqual(['init']);
    expect(out.order.dependsOn.get('w-main')).toEqual(
      new Map([
        ['w-init', 'service_completed_successfully'],
        ['w-side', 'service_started'],
      ]),
    );
  });

  it('requires a probe for ready: healthy', () => {
    expect(order({ a: { image: 'x', before: { b: { ready: 'healthy' } } }, b: { image: 'y' } })).toEqual({
      error: "containers.a.before: ready 'healthy' requires a readiness or liveness probe to be defined",
    });
    const ok = order({
      a: { image: 'x', livenessProbe: { exec: { command: ['true'] } }, before: { b: { ready: 'healthy' } } },
      b: { image: 'y' },
    });
    expect('order' in ok && ok.order.dependsOn.get('w-b')).toEqual(new Map([['w-a', 'service_healthy']]));
  });
});
