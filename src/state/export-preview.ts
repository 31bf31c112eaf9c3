import type { ExportedVariables } from '../core/inspector';

export interface ExportPreviewRequest {
  id: number;
  text: string;
}

export interface ExportPreviewReply {
  id: number;
  variables: ExportedVariables | undefined;
}

let worker: Worker | undefined;
let failed = false;
let nextId = 0;
const pending = new Map<
  number,
  { text: string; resolve: (variables: Promise<ExportedVariables | undefined> | ExportedVariables | undefined) => void }
>();

/**
 * The variables of each container as the Compose export sets them (undefined when the export
 * fails), worked out in a Web Worker started on first need; where workers cannot run, or the worker
 * failed, here (the exporter is then loaded on first need too).
 */
export function exportedVariablesOf(text: string): Promise<ExportedVariables | undefined> {
  if (typeof Worker === 'undefined' || failed) return here(text);
  return new Promise((resolve) => {
    const id = ++nextId;
    pending.set(id, { text, resolve });
    try {
      worker ??= start();
      worker.postMessage({ id, text } satisfies ExportPreviewRequest);
    } catch {
      pending.delete(id);
      failed = true;
      resolve(here(text));
    }
  });
}

function start(): Worker {
  const w = new Worker(new URL('./export-preview.worker.ts', import.meta.url), {
    type: 'module',
    name: 'export preview',
  });
  w.onmessage = ({ data }: MessageEvent<ExportPreviewReply>) => {
    pending.get(data.id)?.resolve(data.variables);
    pending.delete(data.id);
  };
  w.onerror = (event) => {
    event.preventDefault(); // answered here instead
    failed = true;
    worker = undefined;
    w.terminate();
    const waiting = [...pending.values()];
    pending.clear();
    for (const { text, resolve } of waiting) resolve(here(text));
  };
  return w;
}

async function here(text: string): Promise<ExportedVariables | undefined> {
  const { exportedVariables } = await import('../core/inspector/exported-variables');
  return exportedVariables(text);
}
