import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { saveOpenWorkload, type SaveOutcome } from '../../state/library/save';
import { useConfirm } from '../dialog/confirm';
import { useLibraryStore } from './library-context';

/**
 * Save, as the button, Ctrl/Cmd+S and Retry all do it: one action. When another workload of the
 * same name is saved already, the user is asked before it is replaced.
 */
export function useSaveWorkload(): () => Promise<SaveOutcome | undefined> {
  const document = useDocumentStore();
  const library = useLibraryStore();
  const client = useQueryClient();
  const confirm = useConfirm();
  return useCallback(async () => {
    if (library.getState().save.state === 'saving') return undefined; // one save at a time
    let outcome = await saveOpenWorkload(document, library, client);
    if (outcome.kind === 'conflict') {
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
  }, [document, library, client, confirm]);
}
