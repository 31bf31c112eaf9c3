import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { ConflictError, isRepositoryError, isRetryable, NotFoundError } from '../../api/errors';
import { createWorkloadMutation, updateWorkloadMutation, workloadQuery } from '../../api/queries';
import type { SavedWorkload } from '../../api/repository';
import { isOpen, type DocumentStore } from '../document/store';
import { linkFor, planSave } from './link';
import type { LibraryStore } from './store';

/**
 * Save (Ctrl/Cmd+S): the open text goes to the active repository — a new workload when it is new,
 * an update of the saved one it came from otherwise. The text in the editor is never changed by
 * saving, and a failed save leaves everything as it was: the text stays in the autosaved draft, the
 * unsaved mark stays on, and the save can be tried again.
 */
export type SaveOutcome =
  | { kind: 'saved'; name: string; created: boolean }
  /**
   * A different workload of that name is saved already, or (`changed`) someone saved this one after
   * it was opened here: ask, then call again with `replace`.
   */
  | { kind: 'conflict'; name: string; changed?: true }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string; retryable: boolean }
  | { kind: 'nothing-open' };

export interface SaveOptions {
  /** Overwrite the saved workload of the same name, whoever saved it last (the user said so after a conflict). */
  replace?: boolean;
}

export async function saveOpenWorkload(
  document: DocumentStore,
  library: LibraryStore,
  client: QueryClient,
  { replace = false }: SaveOptions = {},
): Promise<SaveOutcome> {
  const doc = document.getState();
  if (!isOpen(doc)) return { kind: 'nothing-open' };
  const { text, openedText } = doc;
  const { repository, link } = library.getState();
  const plan = planSave(text, openedText, link, repository.id);
  if (plan.kind === 'refuse') {
    library.getState().setSave({ state: 'failed', message: plan.message, retryable: false, kind: 'refused' });
    return { kind: 'refused', message: plan.message };
  }
  const { name } = plan;
  const basedOn = plan.kind === 'update' ? plan.basedOn : undefined;
  library.getState().setSave({ state: 'saving', name });

  const create = () => new MutationObserver(client, createWorkloadMutation(repository, client)).mutate({ text });
  const update = () =>
    new MutationObserver(client, updateWorkloadMutation(repository, client)).mutate({
      name,
      input: { text },
      ...(replace ? { overwrite: true } : basedOn ? { basedOn } : {}),
    });

  let created = plan.kind === 'create' && !replace;
  try {
    let saved: SavedWorkload;
    if (created) {
      saved = await create();
    } else {
      try {
        saved = await update();
      } catch (error) {
        // The saved workload was deleted meanwhile (here or elsewhere): saving makes it again.
        if (!(error instanceof NotFoundError)) throw error;
        created = true;
        saved = await create();
      }
    }
    // Unless another workload was opened meanwhile, what was saved is the new clean state (typing
    // that happened meanwhile stays marked unsaved), and the link names where it went.
    if (document.getState().openedText === openedText && isOpen(document.getState())) {
      library.getState().setLink(linkFor(repository.id, saved.name || name, text, saved.version));
      document.getState().markSaved(text);
    }
    library.getState().setSave({ state: 'saved', name, created, at: Date.now() });
    return { kind: 'saved', name, created };
  } catch (error) {
    // Told to replace, and refused still (a 409 to an overwrite): there is no other choice to ask
    // about, so the refusal is said, with the server's words, and saving can be tried again.
    if (error instanceof ConflictError && replace) {
      const message =
        `Not saved: the server refused to replace “${name}”. ${error.message} ` +
        'Your text is kept here. Save again to retry, or change metadata.name to save it as a new workload.';
      library.getState().setSave({ state: 'failed', message, retryable: true, kind: 'conflict' });
      return { kind: 'failed', message, retryable: true };
    }
    if (error instanceof ConflictError) {
      library.getState().setSave({ state: 'idle' });
      return error.status === 412 ? { kind: 'conflict', name, changed: true } : { kind: 'conflict', name };
    }
    const message = isRepositoryError(error)
      ? error.message
      : `Saving failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    const retryable = isRetryable(error);
    const kind = isRepositoryError(error) ? error.kind : 'server';
    library.getState().setSave({ state: 'failed', message, retryable, kind });
    return { kind: 'failed', message, retryable };
  }
}

/**
 * Reads the saved workload again from its library (never from the cache: someone changed it) and
 * opens it with `open`, which asks before the changes here are dropped. True when it was opened;
 * the library then links the open text to what was read.
 */
export async function reloadSavedWorkload(
  library: LibraryStore,
  client: QueryClient,
  name: string,
  open: (text: string) => Promise<boolean>,
): Promise<boolean> {
  const { repository } = library.getState();
  try {
    const theirs = await client.fetchQuery({ ...workloadQuery(repository, name), staleTime: 0 });
    if (!(await open(theirs.text))) return false;
    library.getState().setLink(linkFor(repository.id, name, theirs.text, theirs.version));
    return true;
  } catch {
    return false;
  }
}
