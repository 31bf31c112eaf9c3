import { isWorkloadName } from '../../api/contract';
import { ConflictError } from '../../api/errors';
import { renamedText } from '../../api/rename';
import type { SavedWorkload, WorkloadInput, WorkloadRepository } from '../../api/repository';

/**
 * What the library page does to saved workloads besides listing them: duplicate one under a free
 * name, and delete one in a way that can be undone (the deleted workload is kept in memory until
 * the undo is no longer offered).
 */

/** The name of the `attempt`-th copy: `web-copy`, `web-copy-2`, … shortened to stay a valid name. */
export function copyName(name: string, attempt = 1): string {
  const suffix = attempt <= 1 ? '-copy' : `-copy-${attempt}`;
  const base = name.slice(0, 63 - suffix.length).replace(/-+$/, '');
  return `${base || 'workload'}${suffix}`;
}

/** Saves a copy under the first free copy name; only `metadata.name` differs in the text. */
export async function duplicateWorkload(
  repository: WorkloadRepository,
  name: string,
  maxAttempts = 50,
): Promise<SavedWorkload> {
  const original = await repository.get(name);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const to = copyName(name, attempt);
    if (!isWorkloadName(to)) break;
    try {
      return await repository.create({ text: renamedText(original, to) });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new ConflictError(`There are already ${maxAttempts} copies of “${name}”: rename some of them first.`, 409);
}

export interface DeletedWorkload {
  name: string;
  /** What to save to bring it back: its text where the repository kept it, its data otherwise. */
  restore: WorkloadInput;
}

/** Deletes a workload, keeping what is needed to undo it. */
export async function deleteWorkload(repository: WorkloadRepository, name: string): Promise<DeletedWorkload> {
  const saved = await repository.get(name);
  await repository.delete(name);
  return { name, restore: restoreInputOf(saved) };
}

/** Undo of a delete: saves it again (refused as a conflict when the name was taken meanwhile). */
export function restoreWorkload(repository: WorkloadRepository, deleted: DeletedWorkload): Promise<SavedWorkload> {
  return repository.create(deleted.restore);
}

export function restoreInputOf(saved: SavedWorkload): WorkloadInput {
  return saved.textSource === 'saved' ? { text: saved.text } : { workload: saved.workload };
}
