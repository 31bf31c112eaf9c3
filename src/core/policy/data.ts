/** Plain data as YAML and JSON read it: what the policy and orchestrator readers walk. */
export type Data = Record<string, unknown>;

export function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
