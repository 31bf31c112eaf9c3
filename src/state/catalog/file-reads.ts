import type { CatalogFile } from '../../core/catalog/types';
import type { FileRead } from './reader-protocol';

/**
 * The catalog store's reading of provisioner files: the reader's code (build.ts and the template
 * engine behind it), downloaded once, on first need; and what reading each file apart gave (its
 * entries, made in the worker, or why it was refused), kept so that each file's templates run once
 * per visit and every later build of the catalog only joins them again.
 */

type Reader = typeof import('../../core/catalog/build');
let reader: Reader | undefined;
export const loadReader = async (): Promise<Reader> => (reader ??= await import('../../core/catalog/build'));
/** The reader, when it is here already. */
export const loadedReader = (): Reader | undefined => reader;
export const READER_MISSING = 'the code that reads provisioner files did not download. Reload the page to try again.';

/** What reading each file gave, by its name and text. */
export const reads = new Map<string, FileRead>();
export const readKey = (file: CatalogFile) => `${file.name}\u0000${file.text}`;

/** The page's way to read a file apart (reader-client.ts, downloaded with the first file). */
export const defaultReadApart = (file: CatalogFile): Promise<FileRead> =>
  import('./reader-client').then(
    (client) => client.readApart(file),
    (): FileRead => ({ error: READER_MISSING, refused: false }),
  );

/** Reads the files not read yet (all at once); what each gave is kept in `reads`. */
export async function readAll(
  files: readonly CatalogFile[],
  readApart: (file: CatalogFile) => Promise<FileRead>,
): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      if (!reads.has(readKey(file))) reads.set(readKey(file), await readApart(file));
    }),
  );
}
