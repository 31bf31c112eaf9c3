import { useCallback } from 'react';
import { useDocumentStore } from '../../state/document/context';
import type { SaveOutcome } from '../../state/library/save';
import { useConfirm } from '../dialog/confirm';
import { useOpenWorkload } from '../start/use-open-workload';
import { useLibraryQueries, useLibraryStore } from './library-context';

/**
 * A save whose code is still loading (the first one, if it comes before the app fetched it once
 * idle): another one is not started meanwhile, as none is while one is saving.
 */
let starting = false;

/**
 * Save, as the button, Ctrl/Cmd+S and Retry all do it: one action. When another workload of the
 * same name is saved already, the user is asked before it is replaced. When someone saved this one
 * on the server after it was opened here, the user chooses: overwrite theirs, or reload it (which
 * asks again before the changes here are dropped).
 */
export function useSaveWorkload(): () => Promise<SaveOutcome | undefined> {
  const document = useDocumentStore();
  const library = useLibraryStore();
  const queries = useLibraryQueries();
  const confirm = useConfirm();
  const { openText } = useOpenWorkload();
  return useCallback(async () => {
    if (library.getState().save.state === 'saving' || starting) return undefined; // one save at a time
    starting = true;
    let loaded;
    try {
      loaded = await Promise.all([import('../../state/library/save'), queries()]);
    } catch {
      document
        .getState()
        .say('error', 'Saving needs a part of the app that could not be loaded: reload the page to try again.');
      return undefined;
    } finally {
      starting = false;
    }
    const [{ saveOpenWorkload, reloadSavedWorkload }, client] = loaded;
    let outcome = await saveOpenWorkload(document, library, client);
    if (outcome.kind === 'conflict' && outcome.changed) {
      const { name } = outcome;
      const overwrite = await confirm({
        title: `“${name}” changed on the server`,
        message:
          `Someone saved “${name}” after you opened it here. Overwrite their version with your text, ` +
          'or reload theirs (you will be asked before your changes are dropped).',
        confirmLabel: 'Overwrite theirs',
        cancelLabel: 'Reload theirs…',
      });
      if (overwrite) return saveOpenWorkload(document, library, client, { replace: true });
      const reloaded = await reloadSavedWorkload(library, client, name, (text) =>
        openText(text, `the saved workload “${name}”`),
      );
      if (!reloaded) {
        library.getState().setSave({
          state: 'failed',
          message: `Not saved: “${name}” was changed on the server after you opened it. Save again to overwrite it, or open it from the library.`,
          retryable: false,
          kind: 'conflict',
        });
      }
    } else if (outcome.kind === 'conflict') {
      const { name } = outcome;
      const replace = await confirm({
        title: `Replace the saved workload “${name}”?`,
        message:
          `The library already has a workload named “${name}”, and this one is not it. ` +
          'Saving replaces the saved one with this text. To keep both, change metadata.name first.',
        confirmLabel: 'Replace the saved one',
        cancelLabel: 'Keep the saved one',
      });
      if (replace) {
        outcome = await saveOpenWorkload(document, library, client, { replace: true });
      } else {
        library.getState().setSave({
          state: 'failed',
          message: `Not saved: “${name}” is already in the library. Change metadata.name to save this as a new workload.`,
          retryable: false,
          kind: 'conflict',
        });
      }
    } else if (outcome.kind === 'nothing-open') {
      document.getState().say('info', 'Nothing to save: open a workload or start one from a template first.');
    }
    return outcome;
  }, [document, library, queries, confirm, openText]);
}
