import { loadCatalogFile } from '../../core/catalog/build';
import type { CatalogFile } from '../../core/catalog/types';
import { TEMPLATE_BUDGET } from '../../core/template/exec/budget';
import { pageTimers, type CheckTimers, type TimerHandle } from '../document/check/timers';
import type { FileRead, ReaderReply, ReaderRequest } from './reader-protocol';

/**
 * The page's side of the provisioners reader (catalog.worker.ts): each file is read in a worker of
 * its own, which is ended when its templates run past the time budget, or when it fails (a template
 * that exhausted its memory). The page never waits on it otherwise than for a promise.
 */

/**
 * How long the templates of one file may run, all told, from when the reader's code is here: the
 * engine's own budget for one resource (template/exec/budget.ts, which ends such a run itself, with
 * the template's place), and a second for the rest. Real files take a few milliseconds.
 */
export const FILE_TIME_BUDGET_MS = TEMPLATE_BUDGET.timeMs + 1_000;
/** How long the reader's code may take to download and start; past it, the file is not read (nor refused). */
export const READER_START_MS = 30_000;

/** The part of a Worker the client uses: the page's Worker, or a test's stand-in. */
export interface ReaderWorker {
  onmessage: ((event: MessageEvent<ReaderReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: ReaderRequest): void;
  terminate(): void;
}

export interface ReadApartOptions {
  makeWorker?: () => ReaderWorker;
  timers?: CheckTimers;
}

const pageWorker = (): ReaderWorker =>
  new Worker(new URL('./catalog.worker.ts', import.meta.url), { type: 'module', name: 'provisioners' });

/** Reads a file apart: in a worker where there are workers, else here (Node, the tests: no tab to keep free). */
export function readApart(file: CatalogFile): Promise<FileRead> {
  if (typeof Worker === 'function') return readFileApart(file);
  const loaded = loadCatalogFile(file);
  return Promise.resolve(
    'error' in loaded ? { ...loaded, refused: true } : { entries: loaded.loaded.map((l) => l.entry) },
  );
}

/** Reads a provisioners file in a worker, within the time budget; resolves (never rejects) with its entries or the reason. */
export function readFileApart(file: CatalogFile, options: ReadApartOptions = {}): Promise<FileRead> {
  const timers = options.timers ?? pageTimers;
  return new Promise<FileRead>((resolve) => {
    let worker: ReaderWorker;
    try {
      worker = (options.makeWorker ?? pageWorker)();
    } catch (error) {
      resolve({ error: `the provisioners reader could not start (${messageOf(error)}).`, refused: false });
      return;
    }
    let timer: TimerHandle | undefined;
    let running: string | undefined;
    let started = false;
    let done = false;
    const finish = (read: FileRead) => {
      if (done) return;
      done = true;
      timers.cancel(timer);
      worker.terminate();
      resolve(read);
    };
    timer = timers.after(READER_START_MS, () =>
      finish({
        error: 'the code that reads provisioner files did not start. Reload the page to try again.',
        refused: false,
      }),
    );
    worker.onmessage = ({ data }) => {
      if ('ready' in data) {
        started = true;
        timers.cancel(timer);
        timer = timers.after(FILE_TIME_BUDGET_MS, () =>
          finish({
            error: `its templates ran longer than ${FILE_TIME_BUDGET_MS / 1000} seconds, the time budget of a provisioners file${running ? ` (${running} was running)` : ''}; they were stopped.`,
            refused: true,
          }),
        );
        worker.postMessage({ file });
      } else if ('running' in data) running = data.running;
      else if ('entries' in data) finish({ entries: data.entries });
      else finish({ error: data.error, refused: true });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // Before its code ran, it did not download; after, a template broke the reader (most likely its memory).
      finish(
        !started
          ? {
              error: 'the code that reads provisioner files did not download. Reload the page to try again.',
              refused: false,
            }
          : {
              error: `reading it stopped the reader${running ? ` in ${running}` : ''}: ${event.message || 'it failed'} (a template over the memory budget?).`,
              refused: true,
            },
      );
    };
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
