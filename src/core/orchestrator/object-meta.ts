import { childPointer } from '../document/pointer';
import { isRecord } from '../workload/values';
import type { SchemaProblem } from './crd-schema';

/**
 * What the API server checks in a custom resource's `metadata` (ObjectMeta) on creation: a name
 * that is a DNS subdomain, a namespace that is a DNS label, labels and annotations whose keys are
 * qualified names (an optional DNS-subdomain prefix and `/`, then up to 63 characters), label values
 * of up to 63 characters, and annotations of at most 256 KiB in all.
 */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const MAX_ANNOTATIONS_BYTES = 256 * 1024;

export function checkObjectMeta(metadata: unknown): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const add = (
    pointer: string,
    message: string,
    code: SchemaProblem['code'] = 'INVALID_NAME',
    part: SchemaProblem['part'] = 'value',
  ) => out.push({ code, message, pointer, part });
  if (!isRecord(metadata)) {
    add('/metadata', 'metadata must be a mapping with at least a name.', 'TYPE_MISMATCH');
    return out;
  }
  const { name, namespace } = metadata;
  if (name === undefined || name === '')
    add('/metadata/name', 'metadata.name is required and missing.', 'REQUIRED_FIELD', 'key');
  else if (typeof name !== 'string') add('/metadata/name', 'metadata.name must be text.', 'TYPE_MISMATCH');
  else if (name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    add(
      '/metadata/name',
      `metadata.name "${name}" is not a valid name: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit, at most 253 characters.`,
    );
  }
  if (
    namespace !== undefined &&
    (typeof namespace !== 'string' || namespace.length > 63 || !DNS_LABEL.test(namespace))
  ) {
    add(
      '/metadata/namespace',
      `metadata.namespace "${String(namespace)}" is not a valid namespace: lowercase letters, digits and '-', at most 63 characters.`,
    );
  }
  checkKeyedStrings(metadata.labels, '/metadata/labels', 'label', add);
  checkKeyedStrings(metadata.annotations, '/metadata/annotations', 'annotation', add);
  if (isRecord(metadata.annotations)) {
    const size = Object.entries(metadata.annotations).reduce((n, [k, v]) => n + k.length + String(v).length, 0);
    if (size > MAX_ANNOTATIONS_BYTES) {
      add(
        '/metadata/annotations',
        `metadata.annotations hold ${size} bytes; Kubernetes allows at most 256 KiB in all.`,
        'TOO_LONG',
      );
    }
  }
  return out;
}

function checkKeyedStrings(
  value: unknown,
  pointer: string,
  what: 'label' | 'annotation',
  add: (pointer: string, message: string, code?: SchemaProblem['code'], part?: SchemaProblem['part']) => void,
): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    add(pointer, `metadata.${what}s must be a mapping of text values.`, 'TYPE_MISMATCH');
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = childPointer(pointer, key);
    const why = qualifiedNameProblem(key);
    if (why) add(at, `The ${what} key "${key}" is not valid: ${why}.`, 'INVALID_NAME', 'key');
    if (typeof item !== 'string') add(at, `The ${what} "${key}" must be text (quote it).`, 'TYPE_MISMATCH');
    else if (what === 'label' && (item.length > 63 || !LABEL_VALUE.test(item))) {
      add(
        at,
        `The label value "${item}" is not valid: at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit.`,
        'PATTERN_MISMATCH',
      );
    }
  }
}

/** Why a key is not a Kubernetes qualified name (`[prefix/]name`), or undefined when it is one. */
export function qualifiedNameProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix.length === 0 || prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return 'its prefix (before "/") must be a DNS subdomain such as example.com';
  }
  if (name.length === 0 || name.length > 63 || !QUALIFIED_NAME.test(name)) {
    return "the name must be 1 to 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit";
  }
  return undefined;
}
