/** text/template's truth (exec.go isTrue): false, 0, "", an empty list or map, nil and no value are false. */
export function isTrue(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    case 'string':
      return v.length > 0;
    case 'function':
      return true;
  }
  if (Array.isArray(v)) return v.length > 0;
  return Object.keys(v as object).length > 0;
}
