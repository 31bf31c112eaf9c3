import type { CatalogFile } from '../../../core/catalog';
import type { PlatformFiles } from '../../../core/orchestrator/status-view';
import type { ValidationReport } from '../../../core/validate';
import {
  overranMessage,
  QUESTION_TIME_BUDGET_MS,
  type BackgroundValidation,
  type EditsSince,
  type ValidationWorker,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol';
import { lazyParsed } from './lazy-parsed';
import { answerBase, applyPlaceholderPatch, applyValuePatch, type AnswerBase } from './reply-patch';

/**
 * The page's side of the validation worker: it starts the worker on the first request, posts the
 * requests (each text as the edits from the one the worker holds, when they are known) and rebuilds
 * the answers, which come as changes to the previous one (reply-patch.ts). A worker that stays silent
 * past the question time budget while it has questions (a provisioner's template that does not end)
 * is ended: the question it was on fails with the reason, the others are asked again of a new one.
 */

/** The questions that run provisioners' templates: the one a silent worker is stuck on. */
const RUN_TEMPLATES = new Set<WorkerRequest['only']>(['export', 'readiness', 'compose', 'placeholder', 'kubernetes']);

const pageWorker = (): ValidationWorker =>
  new Worker(new URL('./validation.worker.ts', import.meta.url), { type: 'module', name: 'validation' });

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  request: WorkerRequest;
  text: string;
}

export function workerClient(options: WorkerOptions): BackgroundValidation {
  let worker: ValidationWorker | undefined;
  /** The provisioner files the worker has: sent again only when the page's catalog changes. */
  let sentFiles: readonly CatalogFile[] | undefined;
  /** The platform's files the worker has: sent again only when they change. */
  let sentPlatform: PlatformFiles | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const questionTimeMs = options.questionTimeMs ?? QUESTION_TIME_BUDGET_MS;
  /** The worker's code runs (its silence before, while its code downloads, is not timed). */
  let ready = false;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  /** Times the worker's silence while it has questions: from its last word, or from a question asked of an idle worker. */
  const watch = (heard: boolean) => {
    if (heard || pending.size === 0) {
      clearTimeout(watchdog);
      watchdog = undefined;
    }
    if (ready && pending.size > 0 && watchdog === undefined) watchdog = setTimeout(overran, questionTimeMs);
  };
  /**
   * The text the worker holds once it has answered everything sent, and the request that sent it: the
   * next request is sent as the edits from it when they are known (typing), or as none when the text
   * is the same (a caret question, the export), instead of the whole text.
   */
  let held: { id: number; text: string } | undefined;
  /** Posts a request with its text, or with the edits from the text the worker holds. */
  const post = (w: ValidationWorker, request: WorkerRequest, text: string, since?: EditsSince) => {
    const base = held;
    const edits = base?.text === text ? [] : since && base?.text === since.from ? since.edits : undefined;
    held = { id: request.id, text };
    w.postMessage(
      base && edits ? { ...request, edits: { base: base.id, edits, length: text.length } } : { ...request, text },
    );
  };
  /** What the page has of each text it asked the worker to read, until the worker's answer says it did. */
  const reads = new Map<number, AnswerBase>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    held = undefined;
    watch(false);
  };
  /** The worker's last answer as the page rebuilt it, or the page's own reading: the next answer comes as changes to it. */
  const none = { value: undefined as unknown, placeholders: [] as AnswerBase['placeholders'] };
  let answered: Pick<AnswerBase, 'value' | 'placeholders'> = none;
  const start = (): ValidationWorker => {
    const w = options.makeWorker?.() ?? pageWorker();
    answered = none;
    reads.clear();
    held = undefined;
    ready = false;
    sentFiles = undefined;
    sentPlatform = undefined;
    w.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      if (worker !== w) return; // ended
      if (data.ready) ready = true;
      watch(true);
      if (data.ready || data.alive) return;
      const asked = pending.get(data.id);
      if (data.needText) {
        // Again, whole (the chain of edits broke at a request it failed on); it has the catalog's files.
        if (!asked) return;
        held = undefined;
        post(w, { ...asked.request, catalogFiles: undefined }, asked.text);
        return;
      }
      // Every answer is rebuilt here, in the order the worker sent them, even one nobody waits for
      // any more: the next answer's changes are to this one.
      const report = data.report;
      if (data.read) {
        answered = reads.get(data.id) ?? none;
        reads.delete(data.id);
      }
      if (report) {
        const value = report.valuePatch ? applyValuePatch(answered.value, report.valuePatch) : report.value;
        const placeholders = report.placeholderPatch
          ? applyPlaceholderPatch(answered.placeholders, report.placeholderPatch)
          : (report.placeholders ?? []);
        answered = { value, placeholders };
        report.value = value;
        report.placeholders = placeholders;
      }
      asked?.resolve(data);
      pending.delete(data.id);
      watch(false);
    };
    w.onerror = (event) => {
      event.preventDefault(); // reported by rejecting what waits for it: the store then checks on the main thread
      failAll(new Error(event.message || 'the validation worker failed'));
    };
    return w;
  };
  /** Sends a question, starting a worker when there is none (the catalog's files go with the first). */
  const send = (id: number, asked: Pending, { read, since }: { read?: AnswerBase; since?: EditsSince | undefined }) => {
    worker ??= start();
    const files = options.catalogFiles?.();
    const catalogFiles = files !== undefined && files !== sentFiles ? files : undefined;
    const request: WorkerRequest = { ...asked.request, id };
    delete request.catalogFiles; // sent before to a worker now ended, or not at all
    if (catalogFiles) request.catalogFiles = catalogFiles;
    asked.request = request;
    pending.set(id, asked);
    if (read) reads.set(id, read); // after start(), which forgets the reads of a worker before
    post(worker, asked.request, asked.text, since);
    if (catalogFiles) sentFiles = catalogFiles;
    watch(false);
  };
  const ask = (
    { text, ...question }: Omit<WorkerRequest, 'id' | 'text' | 'edits'> & { text: string },
    { read, since }: { read?: AnswerBase; since?: EditsSince | undefined } = {},
  ) =>
    new Promise<WorkerReply>((resolve, reject) => {
      const id = ++nextId;
      try {
        send(id, { resolve, reject, request: { ...question, id }, text }, { read, since });
      } catch (error) {
        pending.delete(id);
        reads.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  /**
   * The worker was silent past the question time budget: it is ended, the question it is most likely
   * stuck on (the first that runs templates) fails with the reason, and the others go to a new worker.
   */
  function overran() {
    watchdog = undefined;
    worker?.terminate();
    worker = undefined;
    const waiting = [...pending];
    const kept = new Map(reads);
    pending.clear();
    const [, stuck] = waiting.find(([, asked]) => RUN_TEMPLATES.has(asked.request.only)) ?? waiting[0] ?? [];
    stuck?.reject(Object.assign(new Error(overranMessage(questionTimeMs)), { overran: true }));
    for (const [id, asked] of waiting) {
      if (asked === stuck) continue;
      try {
        send(id, asked, { read: kept.get(id) });
      } catch (error) {
        pending.delete(id);
        asked.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  return {
    async check(text, caret, since) {
      const reply = await ask({ text, ...(caret === undefined ? {} : { caret }) }, { since });
      const r = reply.report!;
      const parsed = lazyParsed(text, r.value, r.syntax, r.blocked, r.placeholders ?? []);
      const report: ValidationReport = {
        parsed,
        diagnostics: r.diagnostics,
        valid: r.valid,
        errors: r.errors,
        warnings: r.warnings,
      };
      return reply.pointer === undefined ? { report } : { report, pointer: reply.pointer };
    },
    async pointerAt(text, caret) {
      return (await ask({ text, caret, only: 'pointer' })).pointer;
    },
    async read(parsed) {
      await ask({ text: parsed.text, only: 'read' }, { read: answerBase(parsed) });
    },
    async exportedVariables(text, { seed, projectName }) {
      const exportOptions = projectName === undefined ? { seed } : { seed, projectName };
      return (await ask({ text, only: 'export', exportOptions })).exported;
    },
    async exportReadiness(text) {
      const target = options.readinessTarget?.();
      const question = target && target.target !== 'compose' ? { readinessTarget: target } : {};
      const peers = options.peers?.() ?? [];
      return (
        (await ask({ text, only: 'readiness', ...question, ...(peers.length > 0 ? { peers } : {}) })).readiness ?? []
      );
    },
    async composeExport(text, { peers = [], ...composeOptions }) {
      const question = { text, only: 'compose' as const, composeOptions };
      const { compose } = await ask(peers.length > 0 ? { ...question, peers } : question);
      if (!compose) throw new Error('the validation worker did not export');
      return compose;
    },
    async k8sExport(text, k8sOptions) {
      const { kubernetes } = await ask({ text, only: 'kubernetes', k8sOptions });
      if (!kubernetes) throw new Error('the validation worker did not export');
      return kubernetes;
    },
    async placeholderPreview(text, raw, seed) {
      const { placeholder } = await ask({
        text,
        only: 'placeholder',
        placeholder: seed === undefined ? { raw } : { raw, seed },
      });
      if (!placeholder) throw new Error('the validation worker did not preview the placeholder');
      return placeholder;
    },
    async platformStatus(text, files) {
      const platformFiles = files !== sentPlatform ? files : undefined;
      const reply = ask({ text, only: 'platform', ...(platformFiles ? { platformFiles } : {}) });
      sentPlatform = files; // after ask, which forgets what a worker before had
      return (await reply).platform;
    },
  };
}
