import { describe, expect, it } from 'vitest';
import { etagOf, ifMatchVersions, prefersYaml } from './negotiate';

describe('what the client asks for', () => {
  it.each([
    [undefined, false],
    ['application/json', false],
    ['*/*', false],
    ['application/x-yaml', true],
    ['application/x-yaml, application/json;q=0.9', true],
    ['application/json, application/x-yaml', false],
    ['application/x-yaml;q=0.5, application/json', false],
    ['application/json;q=0, application/x-yaml;q=0.1', true],
    ['application/x-yaml;q=0', false],
    ['APPLICATION/X-YAML', true],
  ])('Accept: %s → YAML text: %s', (accept, yaml) => {
    expect(prefersYaml(accept)).toBe(yaml);
  });

  it('reads If-Match: any, strong tags only (a weak tag never matches a write), nothing when absent', () => {
    expect(ifMatchVersions(undefined)).toBeUndefined();
    expect(ifMatchVersions('*')).toBe('any');
    expect(ifMatchVersions(etagOf('42'))).toEqual(['42']);
    expect(ifMatchVersions('"1", "7" ,W/"9"')).toEqual(['1', '7']);
    expect(ifMatchVersions('W/"3"')).toEqual([]);
    expect(ifMatchVersions('"x1"; DROP TABLE workloads')).toEqual([]);
  });
});
