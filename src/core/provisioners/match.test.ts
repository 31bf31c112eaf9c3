import { describe, expect, it } from 'vitest';
import { findProvisioner, provisionerMatches } from './match';
import { emptyResult, type Provisioner } from './types';
import { resourceUid, uidParts } from './uid';

const p = (uri: string, type: string, klass?: string, id?: string): Provisioner => ({
  uri,
  type,
  ...(klass ? { class: klass } : {}),
  ...(id ? { id } : {}),
  description: '',
  params: [],
  outputs: [],
  provision: () => ({ result: emptyResult() }),
});

describe('resource uids and matching', () => {
  it('builds uids as score-go does', () => {
    expect(resourceUid('web', 'db', 'postgres')).toBe('postgres.default#web.db');
    expect(resourceUid('web', 'db', 'postgres', 'large')).toBe('postgres.large#web.db');
    expect(resourceUid('web', 'db', 'postgres', undefined, 'main')).toBe('postgres.default#main');
    expect(uidParts('postgres.large#web.db')).toEqual({ type: 'postgres', class: 'large', id: 'web.db' });
  });

  it('matches type, then class and id when set; the first match wins', () => {
    const list = [p('a', 'postgres', 'large'), p('b', 'postgres', undefined, 'main'), p('c', 'postgres')];
    expect(findProvisioner(list, 'postgres.large#web.db')?.uri).toBe('a');
    expect(findProvisioner(list, 'postgres.default#main')?.uri).toBe('b');
    expect(findProvisioner(list, 'postgres.default#web.db')?.uri).toBe('c');
    expect(findProvisioner(list, 'redis.default#web.cache')).toBeUndefined();
    expect(provisionerMatches(p('x', 'postgres', 'small'), 'postgres.default#w.d')).toBe(false);
  });
});
