/**
 * Reading the request headers that choose what is answered: Accept (JSON, or the workload's text as
 * YAML) and If-Match (save only over the version the client has seen).
 */

export const YAML_TYPE = 'application/x-yaml';
export const JSON_TYPE = 'application/json';

/** Whether the client prefers the workload's YAML text to its JSON data. JSON wins ties and absence. */
export function prefersYaml(accept: string | undefined): boolean {
  if (!accept) return false;
  let yaml = -1;
  let json = -1;
  for (const [index, part] of accept.split(',').entries()) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    // The order in the header breaks ties between equal qualities: the first named wins.
    const weight = q - index * 1e-6;
    if (type === YAML_TYPE) yaml = Math.max(yaml, weight);
    else if (type === JSON_TYPE || type === 'application/*' || type === '*/*') json = Math.max(json, weight);
  }
  return yaml > json;
}

export function etagOf(version: string): string {
  return `"${version}"`;
}

/**
 * If-Match as the versions it accepts: 'any' for `*`, otherwise the strong entity tags' versions
 * (a weak tag never matches for a write, RFC 9110 §13.1.1). Undefined when the header is absent.
 */
export function ifMatchVersions(header: string | undefined): 'any' | string[] | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return 'any';
  const versions: string[] = [];
  for (const tag of header.split(',')) {
    const match = /^\s*"(\d{1,19})"\s*$/.exec(tag);
    if (match?.[1]) versions.push(match[1]);
  }
  return versions;
}
