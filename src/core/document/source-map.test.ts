import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from './parse';
import { locate, offsetsOf, pointerAt, rangeOf } from './source-map';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: hello # comment
containers:
  hello:
    image: busybox
    args: ["a", "b"]
    files:
      /etc/app/config.yaml:
        content: |
          hi
resources:
  db:
    type: postgres
    params:
`;
const parsed = parseWorkloadText(text);
const slice = (pointer: string, part?: 'value' | 'key' | 'entry') => {
  const [start, end] = offsetsOf(parsed, pointer, part);
  return text.slice(start, end);
};

describe('source map', () => {
  it('finds values, keys and entries by JSON Pointer', () => {
    expect(slice('/metadata/name')).toBe('hello');
    expect(slice('/metadata/name', 'key')).toBe('name');
    expect(slice('/containers/hello/image', 'entry')).toBe('image: busybox');
    expect(slice('/containers/hello/args/1')).toBe('"b"');
    expect(slice('/containers/hello/files/~1etc~1app~1config.yaml', 'key')).toBe('/etc/app/config.yaml');
  });

  it('points at the key of an entry with no value', () => {
    expect(slice('/resources/db/params')).toBe('params');
  });

  it('falls back to the nearest existing ancestor', () => {
    const at = locate(parsed.doc!, '/containers/hello/nope/deeper');
    expect(at).toMatchObject({ exact: false, pointer: '/containers/hello' });
    expect(rangeOf(parsed, '/containers/hello/nope', 'key')).toEqual({ line: 5, column: 3, endLine: 5, endColumn: 8 });
  });

  it('gives 1-based, end-exclusive ranges', () => {
    expect(rangeOf(parsed, '/metadata/name')).toEqual({ line: 3, column: 9, endLine: 3, endColumn: 14 });
  });

  it('finds the pointer under a text offset', () => {
    expect(pointerAt(parsed, text.indexOf('busybox') + 2)).toBe('/containers/hello/image');
    expect(pointerAt(parsed, text.indexOf('"b"'))).toBe('/containers/hello/args/1');
    expect(pointerAt(parsed, text.indexOf('  db') + 2)).toBe('/resources/db');
    expect(pointerAt(parsed, text.indexOf('hi\n'))).toBe('/containers/hello/files/~1etc~1app~1config.yaml/content');
  });

  it('follows aliases', () => {
    const withAlias = parseWorkloadText('base: &b\n  image: nginx\ncontainers:\n  web: *b\n');
    expect(locate(withAlias.doc!, '/containers/web/image').exact).toBe(true);
  });
});
