import { base64RawUrl } from './encoding-base64';
import { fnv128 } from './hash-fnv';
import { isRecord, sortGoStrings, utf8Encode } from './borrowed';

/**
 * score-k8s's secret references: a provisioner output such as a password is not the secret itself
 * but `🔐💬<secret name>_<key>💬🔐`, which the export turns into a reference to the Kubernetes
 * Secret (an env var's valueFrom, a Secret volume). Any reference left in a manifest is an error.
 */
const PREFIX = '🔐💬';
const SUFFIX = '💬🔐';

export interface SecretRef {
  name: string;
  key: string;
}

/** encodeSecretRef in provisioner templates. */
export function encodeSecretRef(secret: string, key: string): string {
  return `${PREFIX}${secret}_${key}${SUFFIX}`;
}

/**
 * The text between references (parts) and the references: `parts[i]` comes before `refs[i]`.
 * A reference is cut at its first `_` (names cannot hold one, keys may).
 */
export function decodeSecretRefs(source: string): { parts: string[]; refs: SecretRef[] } | { error: string } {
  const parts = source.split(PREFIX);
  const refs: SecretRef[] = [];
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i]!;
    const end = part.indexOf(SUFFIX);
    if (end < 0) continue;
    const inner = part.slice(0, end);
    parts[i] = part.slice(end + SUFFIX.length);
    const cut = inner.indexOf('_');
    if (cut < 0) return { error: "invalid secret ref: doesn't contain _" };
    refs.push({ name: inner.slice(0, cut), key: inner.slice(cut + 1) });
  }
  return { parts, refs };
}

/** True when the text is exactly one reference and nothing else. */
export function isWholeRef(decoded: { parts: string[]; refs: SecretRef[] }): boolean {
  return decoded.refs.length === 1 && decoded.parts[0] === '' && decoded.parts[1] === '';
}

/** The hidden variable that carries one referenced secret key: `__ref_` and a hash of name and key. */
export function secretRefVariable(ref: SecretRef): string {
  const bytes = utf8Encode(ref.name + ref.key);
  return `__ref_${base64RawUrl(fnv128(bytes)).replace(/[_-]/g, '0')}`;
}

/**
 * The path (`.spec.containers.0.env`) of the first value that still holds a reference, looking
 * through map keys in sorted order (score-k8s looks in Go's random map order).
 */
export function findUnresolvedSecretRef(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') {
    const start = value.indexOf(PREFIX);
    const end = value.indexOf(SUFFIX);
    return start >= 0 && end > 0 && end > start ? path : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnresolvedSecretRef(value[i], `${path}.${i}`);
      if (found !== undefined) return found;
    }
  } else if (isRecord(value)) {
    for (const key of sortGoStrings(Object.keys(value))) {
      const found = findUnresolvedSecretRef(value[key], `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
