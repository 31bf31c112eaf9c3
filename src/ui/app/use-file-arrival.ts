import { useEffect, useState } from 'react';

/**
 * Files dropped anywhere on the page, and files or text pasted outside a text field, open as a
 * workload. Returns whether a file is being dragged over the page, to show where it would go.
 */
export function useFileArrival({
  onFile,
  onText,
}: {
  onFile: (file: File) => void;
  onText: (text: string) => void;
}): boolean {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault(); // without it the browser would navigate away to the dropped file
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    };
    const onDragLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false); // left the window, not just a child element
    };
    const onDrop = (e: DragEvent) => {
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      onFile(file);
    };
    const onPaste = (e: ClipboardEvent) => {
      const inField = isTextField(e.target);
      const text = e.clipboardData?.getData('text/plain');
      // A text field takes the text, even when the clipboard carries a file beside it (a copy from an
      // office program or a spreadsheet comes with a picture of itself).
      if (inField && text) return;
      const file = e.clipboardData?.files[0];
      if (file) {
        e.preventDefault();
        onFile(file);
        return;
      }
      if (e.defaultPrevented || inField) return; // pasting into the editor edits the text
      if (text) {
        e.preventDefault();
        onText(text);
      }
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  }, [onFile, onText]);

  return dragging;
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement)
    return true;
  // Monaco edits through an EditContext element, which is neither contenteditable nor a form field.
  return target.closest('[role="textbox"], .monaco-editor') !== null;
}
