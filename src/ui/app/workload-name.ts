import { isRecord } from '../../core/workload/values';

/** The workload's metadata.name when the document has one as text; anything else is no name. */
export function workloadName(value: unknown): string | undefined {
  if (!isRecord(value) || !isRecord(value.metadata)) return undefined;
  const name = value.metadata.name;
  return typeof name === 'string' && name.trim() !== '' ? name : undefined;
}
