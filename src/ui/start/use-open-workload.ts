import type { TemplateEntry } from '../../core/templates/list';
import { useCallback } from 'react';
import { hasChanges } from '../../state/document/store';
import { useDocumentStore } from '../../state/document/context';
import { readWorkloadFile, readWorkloadText, type FileReading } from '../../state/document/open-file';
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
      if (reading.note) store.getState().say('info', `${capitalize(origin)}: ${reading.note}`);
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
  const openTemplate = useCallback(
    async (template: TemplateEntry) => {
      const origin = `the template “${template.title}”`;
      let text: string;
      try {
        text = await template.load(); // its own small chunk: the first page does not carry the texts
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        store
          .getState()
          .say('error', `${capitalize(origin)} could not be loaded (${reason}). Your workload is unchanged.`);
        return false;
      }
      return openText(text, origin);
    },
    [openText, store],
  );
  return { openFile, openText, openTemplate };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
