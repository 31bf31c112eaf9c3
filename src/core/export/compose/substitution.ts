import { parseReference, resolvePlaceholders, scanPlaceholders } from '../../workload/placeholder-syntax';
import type { OutputLookup } from '../../provisioners/lookup';
import { marshal } from '../../go/encoding/json';
import { sortStrings as sortGoStrings } from '../../go/sort';
import { isRecord } from '../../workload/values';

/**
 * Placeholder substitution as score-go and score-compose do it. One resolver (BuildSubstitutionFunction)
 * and two wrappers: "deferred" for compose variables (an environment variable stays `${NAME}` for
 * compose to fill in) and "immediate" for files and params (it must be known now).
 */
export type Resolution = { value: string } | { error: string; deferredEnv?: { variable: string; required: boolean } };
export type Resolver = (ref: string) => Resolution;

export function buildResolver(metadata: Record<string, unknown>, resources: Record<string, OutputLookup>): Resolver {
  return (ref) => {
    const parts = parseReference(ref);
    let resolved: unknown;
    switch (parts[0]) {
      case 'metadata': {
        if (parts.length < 2) return { error: `invalid ref '${ref}': requires at least a metadata key to lookup` };
        let current: unknown = metadata;
        for (const key of parts.slice(1)) {
          if (!isRecord(current))
            return { error: `invalid ref '${ref}': cannot lookup key '${key}', context is not a map` };
          if (!Object.prototype.hasOwnProperty.call(current, key)) {
            return { error: `invalid ref '${ref}': key '${key}' not found` };
          }
          current = current[key];
        }
        resolved = current;
        break;
      }
      case 'resources': {
        if (parts.length < 2) return { error: `invalid ref '${ref}': requires at least a resource name to lookup` };
        const name = parts[1]!;
        const lookup = Object.prototype.hasOwnProperty.call(resources, name) ? resources[name] : undefined;
        if (!lookup) return { error: `invalid ref '${ref}': no known resource '${name}'` };
        const result = lookup(parts.slice(2));
        if ('error' in result) return { error: `invalid ref '${ref}': ${result.error}` };
        if ('deferredEnv' in result) {
          return {
            error: `invalid ref '${ref}': environment variable '${result.deferredEnv.variable}' must be resolved`,
            deferredEnv: result.deferredEnv,
          };
        }
        resolved = result.value;
        break;
      }
      default:
        return { error: `invalid ref '${ref}': unknown reference root, use $$ to escape the substitution` };
    }
    if (typeof resolved === 'string') return { value: resolved };
    try {
      return { value: marshal(resolved) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  };
}

/** For compose variables: an environment variable becomes `${NAME}` (or `${NAME?required}`). */
export function deferred(inner: Resolver): Resolver {
  return (ref) => {
    const r = inner(ref);
    if ('error' in r && r.deferredEnv) {
      return {
        value: r.deferredEnv.required ? `\${${r.deferredEnv.variable}?required}` : `\${${r.deferredEnv.variable}}`,
      };
    }
    return r;
  };
}

/** For files and params: an environment variable is read from `env` now, or it is an error. */
export function immediate(inner: Resolver, env: Record<string, string>): Resolver {
  return (ref) => {
    const r = inner(ref);
    if ('error' in r && r.deferredEnv && Object.prototype.hasOwnProperty.call(env, r.deferredEnv.variable)) {
      return { value: env[r.deferredEnv.variable]! };
    }
    return r;
  };
}

export type Substituted = { text: string } | { error: string };

/**
 * Substitutes every placeholder. `keepEscapes` leaves `$$` and `$${…}` as written (compose variables,
 * where compose unescapes them); otherwise they lose one `$`. Several errors are joined by newlines
 * (Go's errors.Join).
 */
export function substituteString(src: string, resolver: Resolver, keepEscapes = false): Substituted {
  const errors: string[] = [];
  const resolve = (content: string): string => {
    const r = resolver(content);
    if ('error' in r) {
      errors.push(r.error);
      return '';
    }
    return r.value;
  };
  let text: string;
  if (keepEscapes) {
    text = '';
    let at = 0;
    for (const token of scanPlaceholders(src)) {
      text += src.slice(at, token.start) + resolve(token.content);
      at = token.end;
    }
    text += src.slice(at);
  } else {
    text = resolvePlaceholders(src, (_parts, token) => resolve(token.content)).text;
  }
  return errors.length > 0 ? { error: errors.join('\n') } : { text };
}

/** score-go's Substitute: through maps (errors prefixed `key: `) and lists (`index: `). */
export function substituteValue(value: unknown, resolver: Resolver): { value: unknown } | { error: string } {
  if (typeof value === 'string') {
    const r = substituteString(value, resolver);
    return 'error' in r ? r : { value: r.text };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const r = substituteValue(value[i], resolver);
      if ('error' in r) return { error: `${i}: ${r.error}` };
      out.push(r.value);
    }
    return { value: out };
  }
  if (isRecord(value)) {
    const out = Object.create(null) as Record<string, unknown>;
    // Go visits map keys in random order; sorted keys make the first error reported stable.
    for (const key of sortGoStrings(Object.keys(value))) {
      const r = substituteValue(value[key], resolver);
      if ('error' in r) return { error: `${key}: ${r.error}` };
      out[key] = r.value;
    }
    return { value: out };
  }
  return { value };
}

/**
 * score-compose's PrepareEnvVariables for command and args: `$X` and `${X}` become `$$X` and `$${X}`
 * so that compose does not interpolate them. Its pattern only fires at the start of the string or
 * after a printable character followed by a non-`$`, which is why `a$B` or `x  $A` stay as written.
 */
export function escapeDollars(value: string): string {
  const pattern = /(^|[!-~][^$])\$([\w+|{?])/g;
  let out = value;
  for (let guard = 0; guard < 10_000; guard++) {
    pattern.lastIndex = 0;
    if (!pattern.test(out)) break;
    pattern.lastIndex = 0;
    out = out.replace(pattern, '$1$$$$$2');
  }
  return out;
}
