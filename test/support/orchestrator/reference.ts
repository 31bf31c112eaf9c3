import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

/**
 * The score-orchestrator's published files, read at test time from the reference corpus beside the
 * checkout (../shared/reference/score-orchestrator). Tests that need them skip, saying so, when the
 * folder is absent.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const ORCHESTRATOR_REFERENCE = path.resolve(repoRoot, '../shared/reference/score-orchestrator');
export const haveOrchestratorReference = existsSync(ORCHESTRATOR_REFERENCE);

export function referenceText(file: string): string {
  return readFileSync(path.join(ORCHESTRATOR_REFERENCE, file), 'utf8');
}

/** Every document of a reference file as plain data. */
export function referenceDocuments(file: string): unknown[] {
  return parseAllDocuments(referenceText(file)).map((d) => d.toJS() as unknown);
}

/** The documents of kind Workload in a reference file, in order. */
export function referenceWorkloads(file: string): Array<Record<string, unknown>> {
  return referenceDocuments(file).filter(
    (d): d is Record<string, unknown> =>
      typeof d === 'object' && d !== null && (d as { kind?: unknown }).kind === 'Workload',
  );
}
