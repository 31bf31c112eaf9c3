import type { CatalogEntry, CatalogFile } from '../../core/catalog/types';

/*
 * What the page and the provisioners reader (catalog.worker.ts) say to each other. The worker runs a
 * file's templates (the catalog's sample runs) and sends back the entries they made, as plain data;
 * the page compiles the file's provisioners itself (no template runs) and joins them to the entries.
 */

/** From the page: read this file. */
export interface ReaderRequest {
  file: CatalogFile;
}

/** From the worker: its code is here (the time budget starts now); which provisioner runs; the answer. */
export type ReaderReply = { ready: true } | { running: string } | { entries: CatalogEntry[] } | { error: string };

/**
 * What reading a file gave: its entries, or why it was refused. `refused`: the file itself was at
 * fault (it does not load, or went over a budget); absent when the reader could not run at all (its
 * code did not download), which says nothing of the file.
 */
export type FileRead = { entries: CatalogEntry[] } | { error: string; refused: boolean };
