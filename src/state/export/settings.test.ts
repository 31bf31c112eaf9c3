import { describe, expect, it } from 'vitest';
import { k8sCommandLine } from './k8s';
import { readinessTargetOf, readK8sSettings } from './settings';

describe('export settings', () => {
  it('reads stored Kubernetes options defensively: anything odd is the default', () => {
    expect(readK8sSettings(undefined)).toEqual({ namespace: '', image: '', startOrder: 'ignore' });
    expect(readK8sSettings({ namespace: 7, image: ['x'], startOrder: 'sometimes' })).toEqual({
      namespace: '',
      image: '',
      startOrder: 'ignore',
    });
    expect(readK8sSettings({ namespace: 'shop', image: 'web:1', startOrder: 'init-containers' })).toEqual({
      namespace: 'shop',
      image: 'web:1',
      startOrder: 'init-containers',
    });
    expect(readK8sSettings(null).startOrder).toBe('ignore');
  });

  it('gives the command line that makes the same manifests (spaces around the options left out)', () => {
    expect(k8sCommandLine(readK8sSettings({ namespace: ' ' }), 42)).toBe('npx score-designer k8s score.yaml --seed 42');
    expect(
      k8sCommandLine(readK8sSettings({ namespace: 'shop', image: 'web:1', startOrder: 'init-containers' }), 7),
    ).toBe('npx score-designer k8s score.yaml --namespace shop --image web:1 --start-order init-containers --seed 7');
  });

  it('asks the worker for the chosen target, with the Kubernetes options only for Kubernetes', () => {
    const k8s = readK8sSettings({ namespace: 'shop' });
    expect(readinessTargetOf({ target: 'compose', k8s })).toEqual({ target: 'compose' });
    expect(readinessTargetOf({ target: 'kubernetes', k8s })).toEqual({
      target: 'kubernetes',
      settings: { namespace: 'shop', image: '', startOrder: 'ignore' },
    });
  });
});
