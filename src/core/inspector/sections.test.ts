import { describe, expect, it } from 'vitest';
import { scalarText, valueAt } from '../workload/values';
import { sectionOf } from './sections';

const workload = {
  metadata: { name: 'shop' },
  containers: { web: { image: 'nginx', command: ['a', 'b'] }, 'a/b': { image: 'x' } },
  resources: { db: { type: 'postgres' } },
};

describe('sectionOf: the form a selection opens', () => {
  it('opens the container or resource a pointer lies in', () => {
    expect(sectionOf('/containers/web/variables/X', workload)).toEqual({
      kind: 'container',
      name: 'web',
      pointer: '/containers/web',
    });
    expect(sectionOf('/resources/db', workload)).toEqual({ kind: 'resource', name: 'db', pointer: '/resources/db' });
    expect(sectionOf('/containers/a~1b/image', workload)).toMatchObject({ name: 'a/b', pointer: '/containers/a~1b' });
  });

  it('opens the workload for anything else, or for a name that is not there', () => {
    for (const p of [undefined, '', '/metadata/name', '/containers', '/service/ports/web', '/containers/gone/image']) {
      expect(sectionOf(p, workload).kind, String(p)).toBe('workload');
    }
    expect(sectionOf('/containers/__proto__', workload).kind).toBe('workload');
  });
});

describe('valueAt', () => {
  it('reads maps and lists, and nothing beyond them', () => {
    expect(valueAt(workload, '/containers/web/command/1')).toBe('b');
    expect(valueAt(workload, '/containers/web/command/01')).toBeUndefined();
    expect(valueAt(workload, '/containers/web/image/x')).toBeUndefined();
    expect(valueAt(workload, '/containers/toString')).toBeUndefined();
  });

  it('shows scalars as text and nothing else', () => {
    expect([scalarText('a'), scalarText(8080), scalarText(true), scalarText(null), scalarText({})]).toEqual([
      'a',
      '8080',
      'true',
      '',
      '',
    ]);
  });
});
