import {
  compareGoStrings,
  isRecord,
  sortGoStrings,
  substituteString,
  type Resolver,
  type ScoreContainer,
  type ScoreProbe,
} from '../common/borrowed';
import { quantityText } from '../common/resource-quantity';
import { decodeSecretRefs, isWholeRef, secretRefVariable } from '../common/secret-refs';

/**
 * A container's own fields, as score-k8s converts them: resources (cpu and memory read as
 * Kubernetes quantities), variables (placeholders substituted, secret references turned into
 * secretKeyRef), and probes. Each returns the field or the error in score-k8s's words.
 */
export type Converted<T> = { value: T } | { error: string; at?: string[] };

/** resources: {limits, requests} of cpu and memory; `{}` when the container sets none. */
export function convertResources(resources: ScoreContainer['resources']): Converted<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const kind of ['requests', 'limits'] as const) {
    const given = resources?.[kind];
    if (given === undefined || given === null) continue;
    const list: Record<string, string> = {};
    const values = isRecord(given) ? given : {};
    for (const name of ['cpu', 'memory'] as const) {
      const raw = values[name];
      if (raw === undefined || raw === null) continue;
      const parsed = quantityText(String(raw));
      if ('error' in parsed) {
        return { error: `${kind}: failed to convert: ${name}: failed to parse: ${parsed.error}`, at: [kind, name] };
      }
      list[name] = parsed.text;
    }
    if (Object.keys(list).length > 0) out[kind] = list;
  }
  return { value: out };
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef: { name: string; key: string } };
}

/**
 * variables → env, sorted by name with the hidden `__ref_` variables first. A value that is one
 * secret reference becomes a secretKeyRef; references mixed with text become `$(__ref_…)`, each
 * backed by a hidden variable.
 */
export function convertVariables(variables: Record<string, string>, resolver: Resolver): Converted<EnvVar[]> {
  const out: EnvVar[] = [];
  const seen = new Set<string>();
  const add = (v: EnvVar) => {
    if (seen.has(v.name)) return;
    seen.add(v.name);
    out.push(v);
  };
  // Go visits the map in random order; sorted names make the first error reported stable.
  for (const key of sortGoStrings(Object.keys(variables))) {
    const fail = (why: string) => ({ error: `'${key}': failed to convert: ${why}`, at: [key] });
    const resolved = substituteString(variables[key]!, resolver);
    if ('error' in resolved) return fail(`failed to substitute placeholders: ${resolved.error}`);
    const decoded = decodeSecretRefs(resolved.text);
    if ('error' in decoded) return fail(`failed to resolve secret references: ${decoded.error}`);
    if (decoded.refs.length === 0) add(withValue(key, resolved.text));
    else if (isWholeRef(decoded)) add({ name: key, valueFrom: { secretKeyRef: decoded.refs[0]! } });
    else {
      for (const ref of decoded.refs) add({ name: secretRefVariable(ref), valueFrom: { secretKeyRef: ref } });
      let value = '';
      decoded.parts.forEach((part, i) => {
        const ref = decoded.refs[i - 1];
        if (i > 0 && ref) value += `$(${secretRefVariable(ref)})`;
        value += part;
      });
      add(withValue(key, value));
    }
  }
  out.sort((a, b) => {
    const aRef = a.name.startsWith('__ref_');
    const bRef = b.name.startsWith('__ref_');
    if (aRef !== bRef) return aRef ? -1 : 1;
    return compareGoStrings(a.name, b.name);
  });
  return { value: out };
}

function withValue(name: string, value: string): EnvVar {
  return value === '' ? { name } : { name, value };
}

/** A probe: httpGet (path, port, host, scheme, headers) or exec; score-k8s sets no timings. */
export function convertProbe(probe: ScoreProbe): Converted<Record<string, unknown>> {
  if (isRecord(probe.httpGet)) {
    const h = probe.httpGet;
    const httpGet: Record<string, unknown> = { port: Number(h.port) };
    if (typeof h.path === 'string' && h.path !== '') httpGet.path = h.path;
    if (typeof h.host === 'string' && h.host !== '') httpGet.host = h.host;
    if (typeof h.scheme === 'string' && h.scheme !== '') httpGet.scheme = h.scheme;
    if (Array.isArray(h.httpHeaders) && h.httpHeaders.length > 0) {
      httpGet.httpHeaders = h.httpHeaders.map((header: unknown) => {
        const record = isRecord(header) ? header : {};
        return { name: text(record.name), value: text(record.value) };
      });
    }
    return { value: { httpGet } };
  }
  if (probe.exec) {
    return { value: { exec: probe.exec.command.length > 0 ? { command: probe.exec.command } : {} } };
  }
  return { error: 'either httpGet or exec must be defined' };
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
