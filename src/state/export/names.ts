import { cleanComposeProjectName, PROJECT_NAME_PATTERN } from '../../core/export/compose/project-name';

// The names the export keys a workload by, apart from the exporter: the inspector's variable preview
// needs them on the first page, where the exporter (most of the export's code) is not loaded.

/**
 * The compose project name for a workload: its name cleaned as score-compose cleans a directory name
 * (a valid workload name is unchanged). None when nothing usable is left: Compose would refuse it.
 */
export function workloadProjectName(workload: string | undefined): string | undefined {
  const name = cleanComposeProjectName(workload ?? '');
  return PROJECT_NAME_PATTERN.test(name) ? name : undefined;
}

/** The name the export keys a workload's seed and last export by ('' for a workload without a name). */
export function workloadKey(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  const metadata = (value as Record<string, unknown>).metadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return '';
  const name = (metadata as Record<string, unknown>).name;
  return typeof name === 'string' ? name : '';
}
