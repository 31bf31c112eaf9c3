import { commands, isRefusal } from '../core/commands';
import type { ScoreWorkload } from './contract';
import type { SavedWorkload, WorkloadRepository } from './repository';
import { renderWorkloadText } from './workload-text';

/**
 * Renames a saved workload: the API has no rename, so it is create-under-the-new-name, then delete
 * the old one. Only `metadata.name` changes in the text (the core's setField edits just that
 * scalar), so comments and formatting survive. When the old one cannot be deleted, the new copy is
 * removed again and the error is passed on: the library ends as it began.
 */
export async function renameWorkload(repository: WorkloadRepository, from: string, to: string): Promise<SavedWorkload> {
  const old = await repository.get(from);
  if (to === from) return old;
  const created = await repository.create({ text: renamedText(old, to) });
  try {
    await repository.delete(from);
  } catch (error) {
    await repository.delete(created.name).catch(() => undefined);
    throw error;
  }
  return created;
}

/** The workload's text with only its name changed. */
export function renamedText(old: SavedWorkload, to: string): string {
  const edited = commands.setField(old.text, { pointer: '/metadata/name', value: to });
  if (!isRefusal(edited)) return edited.text;
  // A saved workload's text always has a metadata.name to edit; should it not, write the text anew.
  const workload: ScoreWorkload = { ...old.workload, metadata: { ...old.workload.metadata, name: to } };
  return renderWorkloadText(workload);
}
