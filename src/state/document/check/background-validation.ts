import type { CatalogFile } from '../../../core/catalog';
import type { Edit } from '../../../core/commands';
import type { Diagnostic } from '../../../core/diagnostics';
import type { ExportedVariables } from '../../../core/inspector';
import type { ParsedDocument } from '../../../core/document/parse';
import type { ValidationReport } from '../../../core/validate';
import { lazyParsed } from './lazy-parsed';
import {
  answerBase,
  applyPlaceholderPatch,
  applyValuePatch,
  type AnswerBase,
  type PlaceholderPatch,
  type ValuePatch,
} from './reply-patch';

/**
 * Validation in a Web Worker, for the checks that follow typing. The store falls back to checking on
 * the main thread when there is no worker (tests, an old browser) or when the worker fails.
 */
export interface WorkerRequest {
  id: number;
  /** The text, whole; or instead `edits`, when the worker holds the text of request `edits.base`. */
  text?: string;
  /** The edits from the text of request `base` (the last one sent) to this one, and this one's length. */
  edits?: { base: number; edits: readonly Edit[]; length: number };
  caret?: number;
  /**
   * `pointer`: only the pointer at the caret is wanted (the text has been checked already). `read`:
   * the page has checked the text itself; the worker reads it, and its next answer comes as changes
   * to what the page has of it. `export`: what the Compose export makes of each container's variables.
   */
  only?: 'pointer' | 'read' | 'export';
  /** For `export`: the seed and project name of the app's export (the provisioners are the catalog's). */
  exportOptions?: { seed: number; projectName?: string };
  /** The loaded provisioner files, sent when they changed: the worker checks against their catalog. */
  catalogFiles?: readonly CatalogFile[];
}

export interface WorkerReply {
  id: number;
  /** The worker did not hold the text the edits are from (it failed on it): the page sends the request again, whole. */
  needText?: true;
  pointer?: string;
  /** The answer to `only: 'read'`: from here on, changes are to the page's own reading of that text. */
  read?: true;
  /** The answer to `only: 'export'` (undefined when the export fails). */
  exported?: ExportedVariables;
  report?: {
    diagnostics: Diagnostic[];
    valid: boolean;
    errors: number;
    warnings: number;
    syntax: Diagnostic[];
    blocked: boolean;
    /** The workload's value: whole in the worker's first answer, then as changes to the previous one (or to the read). */
    value?: unknown;
    valuePatch?: ValuePatch;
    /** Where the workload's placeholders are: the graph draws its edges from them without a parse here. */
    placeholders?: AnswerBase['placeholders'];
    placeholderPatch?: PlaceholderPatch;
  };
}

export interface BackgroundCheck {
  report: ValidationReport;
  /** The JSON Pointer at the caret offset sent with the text, when one was sent and the text parses. */
  pointer?: string;
}

/** The edits from a text `from` to the one asked about: the worker is sent those instead of the text when it holds `from`. */
export interface EditsSince {
  from: string;
  edits: readonly Edit[];
}

export interface BackgroundValidation {
  check(text: string, caret?: number, since?: EditsSince): Promise<BackgroundCheck>;
  pointerAt(text: string, caret: number): Promise<string | undefined>;
  /**
   * Reads a text the page has checked itself (opened, changed by a command), so that the worker's
   * check of the next typing is a re-check of an edit, with its code warm, instead of a first reading;
   * and so that its answer comes as the changes to the page's own reading, not whole.
   */
  read(parsed: ParsedDocument): Promise<void>;
  /** Each container's variables as the Compose export sets them (see core/inspector/exported-variables.ts). */
  exportedVariables(
    text: string,
    options: { seed: number; projectName?: string | undefined },
  ): Promise<ExportedVariables | undefined>;
}

/**
 * The validation worker, started on the first check that needs it (its code is not part of the first
 * page load); undefined where workers cannot run.
 */
export function startBackgroundValidation(
  options: { catalogFiles?: () => readonly CatalogFile[] } = {},
): BackgroundValidation | undefined {
  if (typeof Worker === 'undefined') return undefined;
  let worker: Worker | undefined;
  /** The provisioner files the worker has: sent again only when the page's catalog changes. */
  let sentFiles: readonly CatalogFile[] | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void; request: WorkerRequest; text: string }
  >();
  /**
   * The text the worker holds once it has answered everything sent, and the request that sent it: the
   * next request is sent as the edits from it when they are known (typing), or as none when the text
   * is the same (a caret question, the export), instead of the whole text.
   */
  let held: { id: number; text: string } | undefined;
  /** Posts a request with its text, or with the edits from the text the worker holds. */
  const post = (w: Worker, request: WorkerRequest, text: string, since?: EditsSince) => {
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
  };
  /** The worker's last answer as the page rebuilt it, or the page's own reading: the next answer comes as changes to it. */
  const none = { value: undefined as unknown, placeholders: [] as AnswerBase['placeholders'] };
  let answered: Pick<AnswerBase, 'value' | 'placeholders'> = none;
  const start = (): Worker => {
    const w = new Worker(new URL('./validation.worker.ts', import.meta.url), { type: 'module', name: 'validation' });
    answered = none;
    reads.clear();
    held = undefined;
    w.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
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
    };
    w.onerror = (event) => {
      event.preventDefault(); // reported by rejecting what waits for it: the store then checks on the main thread
      failAll(new Error(event.message || 'the validation worker failed'));
    };
    return w;
  };
  const ask = (
    { text, ...question }: Omit<WorkerRequest, 'id' | 'text' | 'edits'> & { text: string },
    { read, since }: { read?: AnswerBase; since?: EditsSince | undefined } = {},
  ) =>
    new Promise<WorkerReply>((resolve, reject) => {
      const id = ++nextId;
      try {
        if (!worker) {
          worker = start();
          sentFiles = undefined;
        }
        const files = options.catalogFiles?.();
        const catalogFiles = files !== undefined && files !== sentFiles ? files : undefined;
        const request: WorkerRequest = { ...question, id, ...(catalogFiles ? { catalogFiles } : {}) };
        pending.set(id, { resolve, reject, request, text });
        if (read) reads.set(id, read); // after start(), which forgets the reads of a worker before
        post(worker, request, text, since);
        if (catalogFiles) sentFiles = catalogFiles;
      } catch (error) {
        pending.delete(id);
        reads.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });

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
  };
}
