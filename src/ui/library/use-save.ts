import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { workloadQuery } from '../../api/queries';
import { useDocumentStore } from '../../state/document/context';
import { linkFor } from '../../state/library/link';
import { saveOpenWorkload, type SaveOutcome } from '../../state/library/save';
import { useConfirm } from '../dialog/confirm';
import { useOpenWorkload } from '../hooks/use-open-workload';
import { useLibraryStore } from './library-context';

/**
 * Save, as the button, Ctrl/Cmd+S and Retry all do it: one action. When another workload of the
 * same name is saved already, the user is asked before it is replaced. When someone saved this one
 * on the server after it was opened here, the user chooses: overwrite theirs, or reload it (which
 * asks again before the changes here are dropped).
 */
export function useSaveWorkload(): () => Promise<SaveOutcome | undefined> {
  const document = useDocumentStore();
  const library = useLibraryStore();
  const client = useQueryClient();
  const confirm = useConfirm();
  const { openText } = useOpenWorkload();
  return useCallback(async () => {
    if (library.getState().save.state === 'saving') return undefined; // one save at a time
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
      const { repository } = library.getState();
      const reloaded = await client
        .fetchQuery({ ...workloadQuery(repository, name), staleTime: 0 })
        .then(async (theirs) => (await openText(theirs.text, `the saved workload “${name}”`)) && theirs)
        .catch(() => false as const);
      if (reloaded) {
        library.getState().setLink(linkFor(repository.id, name, reloaded.text));
      } else {
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
  }, [document, library, client, confirm, openText]);
}
