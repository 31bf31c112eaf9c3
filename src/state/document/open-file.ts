import type { FileReading } from './read-text';

export { readWorkloadText, type FileReading } from './read-text';

/**
 * Reading a file the user opened, dropped or pasted. Text files open even when they are no valid
 * workload (the user sees the problems and fixes them); files that are not text at all are refused
 * with a plain message, so that the text in the editor is never replaced by garbage. A text (pasted,
 * from a share link) is read by read-text.ts; a file's bytes by read-file.ts, loaded with the first
 * file opened, not with the page.
 */
export async function readWorkloadFile(file: Blob): Promise<FileReading> {
  return (await import('./read-file')).readWorkloadFile(file);
}
