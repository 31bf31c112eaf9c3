import type { CatalogFile } from '../../../core/catalog';
import type { Edit } from '../../../core/commands';
import type { Diagnostic } from '../../../core/diagnostics';
import type { ComposeExport, ComposeFlags } from '../../../core/export/compose';
import type { K8sWorkloadSettings, WorkloadK8sExport } from '../../../core/export/k8s/workload-export';
import type { PlaceholderPreview } from '../../../core/export/placeholder-preview';
import type { K8sReadinessSettings } from '../../../core/export/k8s/readiness';
import type { ExportedVariables } from '../../../core/inspector';
import type { ParsedDocument } from '../../../core/document/parse';
import type { PlatformFiles, PlatformStatus } from '../../../core/orchestrator/status-view';
import { TEMPLATE_BUDGET } from '../../../core/template/exec/budget';
import type { ValidationReport } from '../../../core/validate';
import type { AnswerBase, PlaceholderPatch, ValuePatch } from './reply-patch';

/*
 * What the page and the validation worker say to each other, and what the page's side of the worker
 * offers the stores (BackgroundValidation).
 */

/** A request to the worker. */
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
   * `readiness`: what the Compose export would refuse or change (core/export/compose/readiness.ts).
   * `platform`: the orchestrator's readiness preview under the platform's files (platform-findings.ts).
   * `compose`: the app's Compose export of the text (with `peers`). `placeholder`: what a `${…}` becomes
   * in the Compose export (the YAML pane's hover). `kubernetes`: the app's Kubernetes export of the text.
   */
  only?: 'pointer' | 'read' | 'export' | 'readiness' | 'platform' | 'compose' | 'placeholder' | 'kubernetes';
  /** For `readiness`: the export target checked; Compose when absent. */
  readinessTarget?: ReadinessTarget;
  /** For `readiness`: the texts of the project's other workloads, exported with this one (state/project). */
  peers?: readonly string[];
  /** For `export`: the seed and project name of the app's export (the provisioners are the catalog's). */
  exportOptions?: { seed: number; projectName?: string };
  /** For `compose`: the export's options (the provisioners are the catalog's, the other workloads `peers`). */
  composeOptions?: ComposeQuestion;
  /** For `kubernetes`: the export's seed and options (the provisioners are the catalog files' score-k8s ones). */
  k8sOptions?: K8sQuestion;
  /** For `placeholder`: the `${…}` asked about, and the export's seed. */
  placeholder?: { raw: string; seed?: number };
  /** The loaded provisioner files, sent when they changed: the worker checks against their catalog. */
  catalogFiles?: readonly CatalogFile[];
  /** The platform's configuration and policies, sent when they changed (with a `platform` request). */
  platformFiles?: PlatformFiles;
}

export interface WorkerReply {
  id: number;
  /** The worker's code runs: from now on, its silence while it has questions is timed (worker-client.ts). */
  ready?: true;
  /** The worker is still at work: a resource's templates start (each may take the template budget). */
  alive?: true;
  /** The worker did not hold the text the edits are from (it failed on it): the page sends the request again, whole. */
  needText?: true;
  pointer?: string;
  /** The answer to `only: 'read'`: from here on, changes are to the page's own reading of that text. */
  read?: true;
  /** The answer to `only: 'export'` (undefined when the export fails). */
  exported?: ExportedVariables;
  /** The answer to `only: 'readiness'`: the Compose export's problems with the text, at their places. */
  readiness?: Diagnostic[];
  /** The answer to `only: 'compose'`. */
  compose?: ComposeExport;
  /** The answer to `only: 'kubernetes'`. */
  kubernetes?: WorkloadK8sExport;
  /** The answer to `only: 'placeholder'`. */
  placeholder?: PlaceholderPreview;
  /** The answer to `only: 'platform'` (undefined when the preview failed). */
  platform?: PlatformStatus;
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
  /**
   * What the export (Compose with the catalog's provisioners, or the target the page chose) would refuse
   * or change in the text, as diagnostics: asked after each check (see export-readiness.ts). Absent
   * where the export cannot run apart.
   */
  exportReadiness?(text: string): Promise<Diagnostic[]>;
  /** The app's Compose export of the text, with the catalog's provisioners (state/export/compose.ts). */
  composeExport?(text: string, question: ComposeQuestion): Promise<ComposeExport>;
  /** The app's Kubernetes export of the text, with the catalog's files (state/export/k8s.ts). */
  k8sExport?(text: string, question: K8sQuestion): Promise<WorkloadK8sExport>;
  /** What a placeholder of the text becomes in the Compose export (core/export/placeholder-preview.ts). */
  placeholderPreview?(text: string, raw: string, seed: number | undefined): Promise<PlaceholderPreview>;
  /** The orchestrator's readiness preview of the text under the platform's files (see platform-findings.ts). */
  platformStatus?(text: string, files: PlatformFiles): Promise<PlatformStatus | undefined>;
}

export interface WorkerOptions {
  /** The provisioner files of the page's catalog: the worker checks against the same catalog. */
  catalogFiles?: () => readonly CatalogFile[];
  /** Which export readiness checks (the export's choice, state/export/store.ts); Compose when absent. */
  readinessTarget?: () => ReadinessTarget;
  /** The texts of the project's other workloads: the Compose export's readiness takes them with the text. */
  peers?: () => readonly string[];
  /** How long the worker may be silent while it has questions; QUESTION_TIME_BUDGET_MS when absent (tests shorten it). */
  questionTimeMs?: number;
  /** Starts a worker: the page's validation worker, or a test's stand-in. */
  makeWorker?: () => ValidationWorker;
}

/** The part of a Worker the page's side uses. */
export interface ValidationWorker {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: WorkerRequest): void;
  terminate(): void;
}

/** What the app's Kubernetes export is given besides the text and the catalog's files. */
export interface K8sQuestion {
  seed: number;
  settings: K8sWorkloadSettings;
}

/** What the app's Compose export is given besides the text and the catalog's provisioners. */
export interface ComposeQuestion extends ComposeFlags {
  seed: number;
  projectName?: string | undefined;
  /** The texts of the project's other workloads, exported with the text. */
  peers?: readonly string[];
  /** The file names of the text and of each peer, in order: score.yaml, score.2.yaml, … when absent. */
  files?: readonly string[];
}

/**
 * How long a question may keep the worker busy without a word: the template budget of one
 * resource's templates (which the engine ends itself, with the template's place), and a margin for
 * the rest of the question. The worker says when each resource's templates start, so that an export
 * of several slow resources is not cut short; a run past this (a function call that never returns
 * to the engine's clock) has the worker ended and a new one started.
 */
export const QUESTION_TIME_BUDGET_MS = TEMPLATE_BUDGET.timeMs + 3_000;

/** Why a question was not answered: it ran past QUESTION_TIME_BUDGET_MS, and the worker was ended. */
export function overranMessage(ms: number): string {
  return `a provisioner's templates ran longer than ${ms / 1000} seconds and were stopped: the template time budget is ${TEMPLATE_BUDGET.timeMs / 1000} seconds per resource. Remove or fix the slow provisioner file in the catalog.`;
}

/** Whether a question failed because it overran (and not because the worker failed: then it is worked out on the page). */
export function overran(error: unknown): error is Error {
  return error instanceof Error && (error as { overran?: boolean }).overran === true;
}

/**
 * The export target readiness checks: Compose (with the catalog's provisioners), or Kubernetes with
 * the options the app's Kubernetes export has (and the catalog's files that are score-k8s files).
 */
export type ReadinessTarget = { target: 'compose' } | { target: 'kubernetes'; settings: K8sReadinessSettings };
