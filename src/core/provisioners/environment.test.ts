import { describe, expect, it } from 'vitest';
import { environmentProvisioner } from './environment';
import { createRandom } from './random';
import type { ProvisionInput } from './types';

const input = (params: Record<string, unknown> = {}): ProvisionInput => ({
  uid: 'environment.default#w.env',
  type: 'environment',
  class: 'default',
  id: 'w.env',
  params,
  metadata: {},
  state: {},
  shared: {},
  sourceWorkload: 'w',
  workloadServices: {},
  composeProjectName: 'p',
  mountsDirectory: '.score-compose/mounts',
});
const context = { random: createRandom(0), env: {} };

describe('environment provisioner', () => {
  it('answers any single key with an environment variable', () => {
    const out = environmentProvisioner.provision(input(), context);
    if ('error' in out) throw new Error(out.error);
    expect(out.result.lookup!(['NAME'])).toEqual({ deferredEnv: { variable: 'NAME', required: false } });
    expect(out.result.lookup!(['A', 'B'])).toEqual({ error: 'environment resource only supports a single lookup key' });
    expect(out.result.services).toEqual({});
  });

  it('takes no params', () => {
    expect(environmentProvisioner.provision(input({ x: 1 }), context)).toEqual({ error: 'no params expected' });
  });
});
