import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { isRefusal, runCommand } from './index';

/**
 * Issue 39, item 2: shapes on which fuzzed commands wrote something other than what was asked — a
 * rename that breaks the placeholders reading the key, `!!pairs` items moved by their keys alone, and
 * a container named by a null key (`~:`), which Go's yaml.v3 and our own reading call "".
 */

function edited(name: Parameters<typeof runCommand>[0], text: string, args: unknown): string {
  const result = runCommand(name, text, args);
  if (isRefusal(result)) throw new Error(result.error);
  return result.text;
}
type Workload = { metadata: Record<string, unknown>; containers: Record<string, unknown> };
const valueOf = (text: string) => parseWorkloadText(text).value as Workload;

describe('renameField of a metadata key that placeholders read', () => {
  const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  team: core
containers:
  web:
    image: nginx
    variables:
      TEAM: \${metadata.team}
`;
  it.each(['te}am', 'a${b'])('refuses the name %s, which no placeholder can read, and changes nothing', (to) => {
    const result = runCommand('renameField', text, { pointer: '/metadata/team', to });
    expect(isRefusal(result) && result.error).toMatch(/Placeholders read metadata\.team.*"}"/);
  });
  it('still renames a key no placeholder reads to such a name', () => {
    const out = edited('renameField', text, { pointer: '/metadata/name', to: 'x}y' });
    expect(valueOf(out).metadata).toEqual({ 'x}y': 'shop', team: 'core' });
  });
});

describe('moveItem on a !!pairs list', () => {
  const text = `apiVersion: score.dev/v1b1
metadata:
  name: pairs
  block: !!pairs
  - a: 1
  - b: {c: 2}
  flow: !!pairs [x: 1, y: 2, z]
containers:
  web:
    image: nginx
`;
  it('moves the whole pair in a flow list', () => {
    const out = edited('moveItem', text, { pointer: '/metadata/flow/0', to: 2 });
    expect(out).toContain('flow: !!pairs [y: 2, z, x: 1]');
    expect(valueOf(out).metadata.flow).toEqual([{ y: 2 }, { z: null }, { x: 1 }]);
  });
  it('moves the whole pair in a block list', () => {
    const out = edited('moveItem', text, { pointer: '/metadata/block/1', to: 0 });
    expect(valueOf(out).metadata.block).toEqual([{ b: { c: 2 } }, { a: 1 }]);
  });
  it('refuses to set or append an item, which would not read as the value given', () => {
    for (const pointer of ['/metadata/flow/1', '/metadata/flow/-', '/metadata/block/1/b']) {
      const result = runCommand('setField', text, { pointer, value: 3 });
      expect(isRefusal(result) && result.error, pointer).toMatch(/list of pairs \(!!pairs\)/);
    }
  });
});

describe('a container named by a null key (~:)', () => {
  const text = `apiVersion: score.dev/v1b1
metadata:
  name: nameless
containers:
  ~:
    image: a
  web:
    image: b
    before:
      ~:
        ready: started
`;
  it('reads as the container "", as yaml.v3 decodes a null key into map[string]', () => {
    expect(Object.keys(valueOf(text).containers)).toEqual(['', 'web']);
  });
  it('setVariable adds to that container, not a second "" key', () => {
    const out = edited('setVariable', text, { container: '', name: 'A', value: 'v' });
    expect(out).toContain('  ~:\n    image: a\n    variables:\n      A: v\n');
    expect(parseWorkloadText(out).syntax.filter((d) => d.severity === 'error')).toEqual([]);
  });
  it('removeContainer removes it, and the start order that names it', () => {
    const out = edited('removeContainer', text, { name: '' });
    expect(valueOf(out).containers).toEqual({ web: { image: 'b' } });
  });
});
