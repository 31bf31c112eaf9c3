import { useCallback, useState } from 'react';
import { hasChanges } from '../state/document-store';
import { useDocumentStore } from '../state/document-context';
import { readWorkloadFile, readWorkloadText, type FileReading } from '../state/open-file';

export interface OpenNotice {
  message: string;
}

/**
 * Opening another workload, from a file, a drop, a paste or a template. Whatever is refused leaves
 * the text as it was and says why; replacing text the user changed asks first.
 */
export function useOpenWorkload() {
  const store = useDocumentStore();
  const [notice, setNotice] = useState<OpenNotice | null>(null);

  const openReading = useCallback(
    (reading: FileReading, origin: string): boolean => {
      if (!reading.ok) {
        setNotice({ message: `${origin} was not opened. ${reading.message} Your text is unchanged.` });
        return false;
      }
      if (
        hasChanges(store.getState()) &&
        !window.confirm(`Open ${origin}? It replaces the current workload, and your changes to it will be lost.`)
      ) {
        return false;
      }
      store.getState().open(reading.text, origin);
      setNotice(null);
      return true;
    },
    [store],
  );

  const openFile = useCallback(
    async (file: File) => openReading(await readWorkloadFile(file), file.name || 'The file'),
    [openReading],
  );
  const openText = useCallback(
    (text: string, origin: string) => openReading(readWorkloadText(text), origin),
    [openReading],
  );
  const dismissNotice = useCallback(() => setNotice(null), []);

  return { openFile, openText, notice, dismissNotice };
}
