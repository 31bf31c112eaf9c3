/** JSON Pointer (RFC 6901): the one way every layer names a place in a workload. */

export type PointerSegment = string | number;

// Both run for every key of every check (pointers name every place): most segments hold neither
// `~` nor `/`, and are returned as they are without a regular expression's pass.
export function escapeSegment(segment: PointerSegment): string {
  const text = String(segment);
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function toPointer(segments: readonly PointerSegment[]): string {
  return segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** '' → [], '/a/b~1c' → ['a', 'b/c']. A pointer without the leading '/' is read as one. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '' ? [] : [''];
  const body = pointer.startsWith('/') ? pointer.slice(1) : pointer;
  return body.split('/').map(unescapeSegment);
}

export function parentPointer(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  return i <= 0 ? '' : pointer.slice(0, i);
}

export function lastSegment(pointer: string): string | undefined {
  const segments = parsePointer(pointer);
  return segments[segments.length - 1];
}

export function childPointer(pointer: string, segment: PointerSegment): string {
  return pointer + '/' + escapeSegment(segment);
}

/** True when `pointer` is `ancestor` or lies inside it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(ancestor + '/');
}
