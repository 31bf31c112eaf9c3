/**
 * Go's path package, which is also path/filepath on Linux: score-compose names and checks paths with
 * them (mount names, file sources, sub-paths) and sprig's base, dir, clean and ext are them, so the
 * output must match their bytes. Slash-separated, purely lexical.
 */

/** filepath.Clean: the shortest equivalent path, by purely lexical processing. */
export function cleanPath(path: string): string {
  if (path === '') return '.';
  const rooted = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const joined = out.join('/');
  if (rooted) return '/' + joined;
  return joined === '' ? '.' : joined;
}

/** filepath.Join: joins the non-empty elements and cleans the result; '' when all are empty. */
export function joinPath(...parts: string[]): string {
  const nonEmpty = parts.filter((p) => p !== '');
  return nonEmpty.length === 0 ? '' : cleanPath(nonEmpty.join('/'));
}

/** filepath.Base: the last element, trailing slashes removed; '.' for '' and '/' for all-slashes. */
export function basePath(path: string): string {
  if (path === '') return '.';
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** filepath.Dir: everything but the last element, cleaned. */
export function dirPath(path: string): string {
  return cleanPath(path.slice(0, path.lastIndexOf('/') + 1));
}

/** path.Ext: the extension of the last element, from its last dot; '' when it has none. */
export function extPath(path: string): string {
  for (let i = path.length - 1; i >= 0 && path[i] !== '/'; i--) if (path[i] === '.') return path.slice(i);
  return '';
}

/** path.IsAbs. */
export function isAbsPath(path: string): boolean {
  return path.startsWith('/');
}

/** filepath.IsLocal on Unix: relative, non-empty, and does not climb out of its directory. */
export function isLocalPath(path: string): boolean {
  if (path === '' || isAbsPath(path)) return false;
  const clean = cleanPath(path);
  return clean !== '..' && !clean.startsWith('../');
}
