import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isWorkloadName } from '../../api/contract';
import { LocalWorkloadRepository } from '../../api/local-repository';
import type { SavedWorkload } from '../../api/repository';
import { copyName, deleteWorkload, duplicateWorkload, restoreInputOf, restoreWorkload } from './actions';
import { workloadText } from '../../../test/support/library';

let local: LocalWorkloadRepository;
beforeEach(() => {
  local = new LocalWorkloadRepository({ indexedDB: new IDBFactory() });
});
afterEach(() => local.close());

describe('duplicating a saved workload', () => {
  it('names copies so that they stay valid names', () => {
    expect(copyName('shop')).toBe('shop-copy');
    expect(copyName('shop', 3)).toBe('shop-copy-3');
    const long = 'a'.repeat(60) + '-b';
    expect(copyName(long)).toHaveLength(63);
    expect(isWorkloadName(copyName(long))).toBe(true);
    expect(isWorkloadName(copyName('a'.repeat(56) + '-' + 'b'.repeat(6), 12))).toBe(true);
  });

  it('saves a copy whose text differs only in its name, under the next free name', async () => {
    const text = workloadText('shop');
    await local.create({ text });
    const first = await duplicateWorkload(local, 'shop');
    expect(first.name).toBe('shop-copy');
    expect(first.text).toBe(text.replace('name: shop ', 'name: shop-copy '));
    const second = await duplicateWorkload(local, 'shop');
    expect(second.name).toBe('shop-copy-2');
    expect((await local.list()).total).toBe(3);
  });

  it('fails plainly for a workload that is gone', async () => {
    await expect(duplicateWorkload(local, 'ghost')).rejects.toThrow(/no workload named "ghost"/);
  });
});

describe('deleting with undo', () => {
  it('brings back the same text', async () => {
    const text = workloadText('shop');
    await local.create({ text });
    const deleted = await deleteWorkload(local, 'shop');
    await expect(local.get('shop')).rejects.toThrow();
    await restoreWorkload(local, deleted);
    expect((await local.get('shop')).text).toBe(text);
  });

  it('does not bring it back over a workload saved under that name meanwhile', async () => {
    await local.create({ text: workloadText('shop') });
    const deleted = await deleteWorkload(local, 'shop');
    const newer = workloadText('shop', 'caddy:2');
    await local.create({ text: newer });
    await expect(restoreWorkload(local, deleted)).rejects.toThrow(/already saved/);
    expect((await local.get('shop')).text).toBe(newer);
  });

  it('restores a server workload from its data (the server kept no text)', () => {
    const saved: SavedWorkload = {
      name: 'x1',
      workload: { apiVersion: 'score.dev/v1b1', metadata: { name: 'x1' }, containers: { a: { image: 'i' } } },
      text: 'rendered',
      textSource: 'rendered',
    };
    expect(restoreInputOf(saved)).toEqual({ workload: saved.workload });
    expect(restoreInputOf({ ...saved, textSource: 'saved' })).toEqual({ text: 'rendered' });
  });
});
