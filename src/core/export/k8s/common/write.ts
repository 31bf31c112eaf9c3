import { writeKyaml } from './kyaml';
import { isRecord, sortKeysV3, writeYamlV3, YamlV3Float, type YamlV3Value } from './borrowed';

/**
 * The manifests file as `score-k8s generate` writes it: each manifest a document of its own, by
 * yaml.v3 (2-space indent, `---` before each, map keys in yaml.v3's order) or as KYAML.
 */
export type ManifestFormat = 'yaml' | 'kyaml';

/** A manifest as JSON-like data; numbers that Go holds as float64 (after patching) are YamlV3Float. */
export type Manifest = Record<string, unknown>;

export function writeManifests(manifests: readonly Manifest[], format: ManifestFormat): string {
  if (format === 'kyaml') return manifests.map(writeKyaml).join('');
  return manifests.map((m) => `---\n${writeYamlV3(asGoValue(m))}`).join('');
}

/** Plain data as the yaml.v3 writer takes it: every mapping a Go map, printed in sorted key order. */
function asGoValue(value: unknown): YamlV3Value {
  if (value instanceof YamlV3Float) return value;
  if (Array.isArray(value)) return value.map(asGoValue);
  if (isRecord(value)) {
    const keys = sortKeysV3(Object.keys(value).filter((k) => value[k] !== undefined));
    return new Map(keys.map((k) => [k, asGoValue(value[k])]));
  }
  if (value === undefined) return null;
  return value as YamlV3Value;
}
