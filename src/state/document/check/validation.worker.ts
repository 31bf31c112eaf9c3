/**
 * The validation worker: checks the workload's text off the main thread, so that typing in a large
 * workload is never blocked by it. It answers with plain data (diagnostics, the workload's value, and
 * the pointer at a caret), and keeps the last parse: to answer caret questions about the same text,
 * and to preview the Compose export for the inspector (which would otherwise read a large workload
 * whole again after every pause in typing).
 */
import { buildCatalog, builtinCatalog, type Catalog, type CatalogFile } from '../../../core/catalog';
import type { Diagnostic } from '../../../core/diagnostics';
import { exportCompose, withPeerFiles } from '../../../core/export/compose';
import { composeReadiness } from '../../../core/export/compose/readiness';
import { previewPlaceholder } from '../../../core/export/placeholder-preview';
import { exportedVariables } from '../../../core/inspector/exported-variables';
import { pointerAt } from '../../../core/document/source-map';
import { parseWorkloadText, type ParsedDocument } from '../../../core/document/parse';
import { applyEdits } from '../../../core/document/edits';
import { reparseWorkloadText } from '../../../core/document/incremental';
import type { LoadedPlatform, PlatformFiles } from '../../../core/orchestrator/status-view';
import type { Provisioner } from '../../../core/provisioners';
import { runnableProvisioners } from '../../../core/provisioners/builtin/runnable';
import { environmentProvisioner } from '../../../core/provisioners/environment';
import { validateParsed, type ValidationReport } from '../../../core/validate';
import { REHEARSALS } from './rehearsal';
import { runApart, typingRehearsal } from './rehearsal-steps';
import type { ReadinessTarget, WorkerReply, WorkerRequest } from './worker-protocol';
import { answerBase, diffPlaceholders, diffValue, type AnswerBase } from './reply-patch';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
};

let last: ValidationReport | undefined;
/** The last text read: the next one reuses what its edit did not touch (kept when the catalog changes). */
let previous: ParsedDocument | undefined;
/** The request that sent that text: the page sends the next one as the edits from it (see worker-client.ts). */
let heldFrom: number | undefined;
/** The catalog the page's checks use, rebuilt here only when the page sends new provisioner files. */
let catalog: Catalog | undefined;
/**
 * What the page has of the last text, from this worker's last answer or from its own reading of a
 * text it asked this worker to read: the next answer is sent as changes to it (see reply-patch.ts).
 */
let sent: AnswerBase | undefined;
/** The rehearsals of typing made after reads (see below), and how to give up the one under way. */
let rehearsals = 0;
let stopRehearsal: (() => void) | undefined;
/**
 * The export's problems with the last report asked about, and the target they are of (asked again
 * after a check only when the text, the catalog or the target changed).
 */
let readiness: { report: ValidationReport; target: string; found: Diagnostic[] } | undefined;
/** The catalog's files themselves: the Kubernetes export reads those that are score-k8s files. */
let files: readonly CatalogFile[] = [];
/** The Kubernetes export's readiness, loaded when that target is first checked. */
let k8s: Promise<typeof import('./k8s-readiness')> | undefined;
/** The platform's files as the page last sent them, read once they are asked about. */
let platform: { files: PlatformFiles; loaded?: LoadedPlatform } | undefined;
/** The orchestrator's view and CEL: downloaded with the first `platform` request, never for a page without one. */
let statusView: Promise<typeof import('../../../core/orchestrator/status-view')> | undefined;
/** The request being answered: the one a word that the worker is still at work is about. */
let answering = 0;
/** The catalog whose provisioners say when they start (see watched), made once per catalog. */
let watchedCatalog: { of: Catalog; catalog: Catalog } | undefined;

scope.onmessage = ({
  data: { id, caret, only, catalogFiles, platformFiles, exportOptions, readinessTarget, peers, ...given },
  data,
}) => {
  stopRehearsal?.(); // a request now is the user's: the rest of a rehearsal would only delay it
  stopRehearsal = undefined;
  answering = id;
  if (catalogFiles) {
    catalog = buildCatalog(catalogFiles).catalog;
    files = catalogFiles;
    last = undefined;
  }
  // The text, or the edits from the one held here, when it is the one they are from.
  const edits = given.edits && previous && heldFrom === given.edits.base ? given.edits.edits : undefined;
  const text = given.text ?? (edits && applyEdits(previous!.text, edits));
  if (text === undefined || (given.edits && text.length !== given.edits.length)) {
    scope.postMessage({ id, needText: true });
    return;
  }
  if (last?.parsed.text !== text) {
    last = validateParsed(reparseWorkloadText(previous, text, edits), catalog ? { catalog } : {});
  }
  previous = last.parsed;
  heldFrom = id;
  const { parsed, diagnostics, valid, errors, warnings } = last;
  const pointer = caret !== undefined && !parsed.blocked ? pointerAt(parsed, caret) : undefined;
  if (only === 'pointer') {
    scope.postMessage({ id, pointer });
    return;
  }
  // The catalog here is built from the page's files, as the page's export provisioners are.
  const provisioners = watched()?.provisioners;
  const withProvisioners = provisioners ? { provisioners: [...provisioners] } : {};
  if (only === 'export') {
    scope.postMessage({ id, exported: exportedVariables(text, parsed, { ...exportOptions, ...withProvisioners }) });
    return;
  }
  if (only === 'compose') {
    // As the app's export makes it (state/export/compose.ts), from this worker's reading of the text.
    const { files: names, ...options } = { ...data.composeOptions, ...withProvisioners };
    const sources = withPeerFiles({ text, parsed }, peersRead(peers), names);
    scope.postMessage({ id, compose: exportCompose(sources, options) });
    return;
  }
  if (only === 'kubernetes') {
    const question = data.k8sOptions!;
    const held = files; // as they are now, should others come while the code downloads
    const answer = (kubernetes: ReturnType<typeof import('./k8s-readiness').kubernetesExportOf>) =>
      scope.postMessage({ id, kubernetes });
    k8sChunk().then(
      (loaded) => answer(loaded.kubernetesExportOf(text, held, question)),
      () => scope.postMessage({ id }), // its code did not download: the page works it out itself
    );
    return;
  }
  if (only === 'placeholder') {
    const { raw, seed } = data.placeholder!;
    const preview = previewPlaceholder(parsed, watched() ?? builtinCatalog(), raw, seed === undefined ? {} : { seed });
    scope.postMessage({ id, placeholder: preview });
    return;
  }
  if (only === 'readiness') {
    // With the catalog's provisioners, as the app's export has them; the report is this worker's
    // check of the same text against the same catalog (rebuilt, so `last` changed, when it changed).
    const report = last;
    // The project's other workloads are part of what is asked: the answer depends on them too.
    const target = JSON.stringify([readinessTarget ?? null, peers ?? []]);
    if (readiness?.report === report && readiness.target === target) {
      scope.postMessage({ id, readiness: readiness.found });
      return;
    }
    const answer = (found: Diagnostic[]) => {
      readiness = { report, target, found };
      scope.postMessage({ id, readiness: found });
    };
    if (readinessTarget?.target === 'kubernetes')
      kubernetesReadiness(report, readinessTarget).then(answer, () => answer([]));
    else
      answer(
        composeReadiness(report, {
          provisioners: provisioners && [...provisioners],
          peers: peersRead(peers),
        }),
      );
    return;
  }
  if (only === 'platform') {
    if (platformFiles) platform = { files: platformFiles };
    answerPlatform(id, last);
    return;
  }
  const base = answerBase(parsed);
  if (only === 'read') {
    // The page read this text itself: what it has of it is equal to `base`, and the next answer's
    // changes are to that. Were the next answer whole, the whole workload would be copied across and
    // every part of the graph and the form drawn anew from it.
    sent = base;
    scope.postMessage({ id, read: true });
    // The page reads a long text itself when it is opened or replaced, and asks for this read once it
    // is still: the user may type in that text next. Rehearsed here, where that check will run, the
    // first checks of typing in the 100×100 (then checked here) showed their problems sooner: first
    // 81 → 55 ms, second 64 → 50 (medians of 7 pages each). The later checks' median was unchanged
    // in two A/B runs of a first version (all steps in one task), and 1.3 and 2.5 ms slower in the
    // two runs of this one.
    if (rehearsals < REHEARSALS) {
      rehearsals++;
      stopRehearsal = runApart(typingRehearsal(parsed, catalog));
    }
    return;
  }
  const { value, placeholders } = base;
  scope.postMessage({
    id,
    pointer,
    report: {
      diagnostics,
      valid,
      errors,
      warnings,
      syntax: parsed.syntax,
      blocked: parsed.blocked,
      ...(sent
        ? {
            valuePatch: diffValue(sent.value, value),
            placeholderPatch: diffPlaceholders(sent.placeholders, placeholders, text.length - sent.text.length),
          }
        : { value, placeholders }),
    },
  });
  sent = base;
};

/** The project's other workloads as last read here, by text (see peersRead). */
let readPeers = new Map<string, ParsedDocument>();

/**
 * The project's other workloads with their readings, each text read once: the export readiness asked
 * after every check (and the export) takes the same peers again and again, and reading a large one
 * took as long as the check itself. Only the texts asked about now are kept.
 */
function peersRead(texts: readonly string[] = []): Array<{ text: string; parsed: ParsedDocument }> {
  const kept = new Map<string, ParsedDocument>();
  const out = texts.map((text) => {
    const parsed = kept.get(text) ?? readPeers.get(text) ?? parseWorkloadText(text);
    kept.set(text, parsed);
    return { text, parsed };
  });
  readPeers = kept;
  return out;
}

/**
 * The catalog, with each provisioner saying (to the page) when it starts: the page ends a worker that
 * is silent for longer than one resource's templates may take (worker-client.ts), and an export of
 * several slow resources, each within the budget, must not look like one that never ends.
 */
function watched(): Catalog | undefined {
  if (!catalog) return undefined;
  if (watchedCatalog?.of !== catalog) {
    // Built-ins are listed without their code (core/catalog/builtin-catalog.generated.ts): given theirs here.
    // The environment resource runs no template, and the export knows it by its code (it lists the
    // variables it reads for the env file): it is left as it is.
    const provisioners = runnableProvisioners(catalog.provisioners).map((p): Provisioner =>
      p.provision === environmentProvisioner.provision
        ? p
        : {
            ...p,
            provision(input, context) {
              scope.postMessage({ id: answering, alive: true });
              return p.provision(input, context);
            },
          },
    );
    watchedCatalog = { of: catalog, catalog: { ...catalog, provisioners } };
  }
  return watchedCatalog.catalog;
}

/** The readiness preview of the report's text under the platform's files, with this worker's catalog. */
function answerPlatform(id: number, report: ValidationReport): void {
  const held = platform;
  (statusView ??= import('../../../core/orchestrator/status-view')).then(
    (view) => {
      try {
        if (!held) throw new Error('no platform files were sent');
        held.loaded ??= view.loadPlatform(held.files);
        const options = { validation: report.diagnostics, catalog: catalog ?? builtinCatalog() };
        scope.postMessage({ id, platform: view.platformStatus(report.parsed, held.loaded, options) });
      } catch {
        scope.postMessage({ id }); // no preview this time; the page keeps the last one
      }
    },
    () => scope.postMessage({ id }),
  );
}

/** The Kubernetes export's problems with a report, with the catalog's score-k8s files (its code loaded on first need). */
/** The Kubernetes export's chunk, loaded once; its provisioners say when they start, as the catalog's do (watched). */
function k8sChunk(): Promise<typeof import('./k8s-readiness')> {
  return (k8s ??= import('./k8s-readiness').then((chunk) => {
    chunk.sayWhenStarting(() => scope.postMessage({ id: answering, alive: true }));
    return chunk;
  }));
}

async function kubernetesReadiness(
  report: ValidationReport,
  target: Extract<ReadinessTarget, { target: 'kubernetes' }>,
): Promise<Diagnostic[]> {
  const { kubernetesReadinessOf } = await k8sChunk();
  return kubernetesReadinessOf(report, files, target.settings);
}

// Requests sent before this module ran waited for it; from now on the page times the worker's silences.
scope.postMessage({ id: 0, ready: true });
