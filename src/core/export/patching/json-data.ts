import { YamlV3Float, YamlV3Int, YamlV3Raw } from '../../go/yaml';
import { isRecord } from '../../workload/values';
import type { Json } from './sjson';

/**
 * What a patch template and its operations see of an exporter's values: plain JSON data, as the Go
 * tools hand their structs over (through YAML or JSON): ordered maps as objects, Go numbers as
 * numbers, a value printed as given as its text, and fields left unset left out.
 */
export function jsonData(value: unknown): Json {
  if (value instanceof Map) return fields((value as Map<string, unknown>).entries());
  if (value instanceof YamlV3Int || value instanceof YamlV3Float) return value.value;
  if (value instanceof YamlV3Raw) return value.text;
  if (Array.isArray(value)) return value.map(jsonData);
  if (isRecord(value)) return fields(Object.entries(value));
  return value as Json;
}

function fields(entries: Iterable<[string, unknown]>): Json {
  const out = Object.create(null) as Record<string, Json>;
  for (const [key, item] of entries) if (item !== undefined) out[key] = jsonData(item);
  return out;
}
