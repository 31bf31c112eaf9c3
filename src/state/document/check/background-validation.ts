import type { BackgroundValidation, WorkerOptions } from './worker-protocol';

export type {
  BackgroundCheck,
  BackgroundValidation,
  ComposeQuestion,
  EditsSince,
  WorkerOptions,
} from './worker-protocol';
export { overran } from './worker-protocol';

/*
 * Validation in a Web Worker, for the checks that follow typing in a long text and for the export
 * preview. The store falls back to checking on the main thread when there is no worker (tests, an old
 * browser) or when the worker fails.
 */

/**
 * The validation worker, started on the first request that needs it; undefined where workers cannot
 * run. Neither the worker nor the page's side of it (worker-client.ts) is part of the first page
 * load: that code is loaded with the first request.
 */
export function startBackgroundValidation(options: WorkerOptions = {}): BackgroundValidation | undefined {
  if (typeof Worker === 'undefined') return undefined;
  let client: Promise<BackgroundValidation> | undefined;
  const loaded = () => (client ??= import('./worker-client').then(({ workerClient }) => workerClient(options)));
  return {
    check: (text, caret, since) => loaded().then((c) => c.check(text, caret, since)),
    pointerAt: (text, caret) => loaded().then((c) => c.pointerAt(text, caret)),
    read: (parsed) => loaded().then((c) => c.read(parsed)),
    exportedVariables: (text, options) => loaded().then((c) => c.exportedVariables(text, options)),
    exportReadiness: (text) => loaded().then((c) => c.exportReadiness!(text)),
    composeExport: (text, question) => loaded().then((c) => c.composeExport!(text, question)),
    k8sExport: (text, question) => loaded().then((c) => c.k8sExport!(text, question)),
    placeholderPreview: (text, raw, seed) => loaded().then((c) => c.placeholderPreview!(text, raw, seed)),
    platformStatus: (text, files) => loaded().then((c) => c.platformStatus!(text, files)),
  };
}
