/**
 * The provisioners reader: runs a loaded provisioners file's templates (the catalog's sample runs) off
 * the page, so that a template that is slow, even within the template budget, never blocks the tab;
 * the page ends this worker when it takes too long (reader-client.ts).
 */
import { loadCatalogFile } from '../../core/catalog/build';
import type { ReaderReply, ReaderRequest } from './reader-protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReaderRequest>) => void) | null;
  postMessage(reply: ReaderReply): void;
};

scope.onmessage = ({ data: { file } }) => {
  const loaded = loadCatalogFile(file, (running) => scope.postMessage({ running }));
  scope.postMessage('error' in loaded ? { error: loaded.error } : { entries: loaded.loaded.map((l) => l.entry) });
};

scope.postMessage({ ready: true });
