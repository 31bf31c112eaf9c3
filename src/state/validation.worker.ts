/**
 * The validation worker: checks the workload's text off the main thread, so that typing in a large
 * workload is never blocked by it. It answers with plain data (diagnostics, the workload's value, and
 * the pointer at a caret), and keeps the last parse to answer caret questions about the same text.
 */
import { buildCatalog, type Catalog } from '../core/catalog';
import { findWorkloadPlaceholders, type LocatedPlaceholder } from '../core/document/placeholders';
import { pointerAt } from '../core/document/source-map';
import type { ParsedDocument } from '../core/document/parse';
import { validateText, type ValidationReport } from '../core/validate';
import type { WorkerReply, WorkerRequest } from './background-validation';
import { diffPlaceholders, diffValue } from './reply-patch';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(reply: WorkerReply): void;
};

let last: ValidationReport | undefined;
/** The last text read: the next one reuses what its edit did not touch (kept when the catalog changes). */
let previous: ParsedDocument | undefined;
/** The catalog the page's checks use, rebuilt here only when the page sends new provisioner files. */
let catalog: Catalog | undefined;
/** What the last answer told the page: the next one is sent as changes to it (see reply-patch.ts). */
let sent: { text: string; value: unknown; placeholders: readonly LocatedPlaceholder[] } | undefined;

scope.onmessage = ({ data: { id, text, caret, only, catalogFiles } }) => {
  if (catalogFiles) {
    catalog = buildCatalog(catalogFiles).catalog;
    last = undefined;
  }
  if (last?.parsed.text !== text) last = validateText(text, { ...(catalog ? { catalog } : {}), previous });
  previous = last.parsed;
  const { parsed, diagnostics, valid, errors, warnings } = last;
  const pointer = caret !== undefined && !parsed.blocked ? pointerAt(parsed, caret) : undefined;
  if (only === 'pointer') {
    scope.postMessage({ id, pointer });
    return;
  }
  const { value } = parsed;
  const placeholders = parsed.blocked ? [] : findWorkloadPlaceholders(parsed);
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
  sent = { text, value, placeholders };
};
