import { useCallback } from 'react';
import { hasChanges } from '../../state/document-store';
import { useDocumentStore } from '../../state/document-context';
import { readWorkloadFile, readWorkloadText, type FileReading } from '../../state/open-file';
import { useConfirm } from '../dialog/confirm';

/**
 * Opening another workload, from a file, a drop, a paste or a template. Whatever is refused leaves
 * the workload as it was and says why; replacing changed text asks first, in a dialog.
 */
export function useOpenWorkload() {
  const store = useDocumentStore();
  const confirm = useConfirm();

  const openReading = useCallback(
    async (reading: FileReading, origin: string): Promise<boolean> => {
      if (!reading.ok) {
        store
          .getState()
          .say('error', `${capitalize(origin)} was not opened. ${reading.message} Your workload is unchanged.`);
        return false;
      }
      if (hasChanges(store.getState())) {
        const ok = await confirm({
          title: 'Replace your changes?',
          message: `Opening ${origin} replaces the current workload, and your changes to it will be lost.`,
          confirmLabel: 'Discard changes and open',
          cancelLabel: 'Keep my changes',
        });
        if (!ok) return false;
      }
      store.getState().open(reading.text, origin);
      return true;
    },
    [store, confirm],
  );

  const openFile = useCallback(
    async (file: File) => openReading(await readWorkloadFile(file), file.name ? `the file “${file.name}”` : 'the file'),
    [openReading],
  );
  const openText = useCallback(
    (text: string, origin: string) => openReading(readWorkloadText(text), origin),
    [openReading],
  );
  return { openFile, openText };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
