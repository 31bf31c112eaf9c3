import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, sameRoute } from './routes';

describe('the app’s addresses', () => {
  it('name the pages and the selected part', () => {
    expect(parseRoute('#/catalog')).toEqual({ page: 'catalog' });
    expect(parseRoute('#/library')).toEqual({ page: 'library' });
    expect(parseRoute('#/')).toEqual({ page: 'workspace' });
    expect(parseRoute('#/workspace')).toEqual({ page: 'workspace' });
    expect(parseRoute('#/?select=/containers/web')).toEqual({ page: 'workspace', select: '/containers/web' });
    expect(parseRoute('#/?select=%2Fresources%2Fdb')).toEqual({ page: 'workspace', select: '/resources/db' });
  });

  it('leave a share link, an empty fragment and anything unknown alone', () => {
    expect(parseRoute('#score=abc')).toBeUndefined();
    expect(parseRoute('')).toBeUndefined();
    expect(parseRoute('#')).toBeUndefined();
    expect(parseRoute('#/settings')).toBeUndefined();
    expect(parseRoute('#/__proto__')).toBeUndefined();
    expect(parseRoute('#/?select=containers')).toEqual({ page: 'workspace' });
  });

  it('round-trip, with the pointer readable and its odd characters escaped', () => {
    for (const route of [
      { page: 'catalog' as const },
      { page: 'library' as const },
      { page: 'workspace' as const },
      { page: 'workspace' as const, select: '/containers/web' },
      { page: 'workspace' as const, select: '/containers/a b&c=d#e/variables/X~1Y' },
    ]) {
      expect(parseRoute(formatRoute(route))).toEqual(route);
    }
    expect(formatRoute({ page: 'workspace', select: '/containers/web' })).toBe('#/?select=/containers/web');
    expect(formatRoute({ page: 'workspace', select: '' })).toBe('#/');
    expect(sameRoute({ page: 'workspace', select: '' }, { page: 'workspace' })).toBe(true);
    expect(sameRoute({ page: 'catalog' }, { page: 'library' })).toBe(false);
  });
});
