import type { Catalog } from '../../../core/catalog/types';
import type { Edit } from '../../../core/commands';
import { reparseWorkloadText } from '../../../core/document/incremental';
import type { ParsedDocument } from '../../../core/document/parse';
import { validateParsed, type ValidationReport } from '../../../core/validate';

/**
 * What a check knows of how its text came to be, so that it does not read it whole again: a reading
 * of the text made already (a command reads its result to check it), or the reading of an earlier
 * text and the edits since (typing). Without it, the last text checked is read again where it
 * differs from the new one, the two compared to find where.
 */
export interface ReadingHint {
  /** A reading of the text itself. */
  parsed?: ParsedDocument;
  /** The reading of an earlier text, and the edits from its text to this one (as `validateText`'s option, with the edits). */
  previous?: ParsedDocument;
  edits?: readonly Edit[];
}

/** A check of a text: the store's `validate` option. */
export type Validation = (text: string, hint?: ReadingHint) => ValidationReport;

/**
 * Validation memoized on the text (and the catalog, when checks run against one): the store, the
 * automation API and every view that asks about the same text share one report. A single entry
 * suffices: only the current text is ever asked about, and undo/redo back to it is cheap to recompute.
 */
export function validation(catalogOf: () => Catalog | undefined = () => undefined): Validation {
  let last: { report: ValidationReport; catalog: Catalog | undefined } | undefined;
  return (text, hint) => {
    const catalog = catalogOf();
    if (last?.report.parsed.text === text && last.catalog === catalog) return last.report;
    const parsed =
      hint?.parsed?.text === text
        ? hint.parsed
        : hint?.previous
          ? reparseWorkloadText(hint.previous, text, hint.edits)
          : reparseWorkloadText(last?.report.parsed, text);
    last = { report: validateParsed(parsed, catalog ? { catalog } : {}), catalog };
    return last.report;
  };
}

/** Validation without a catalog, for what needs no store (a file being opened). */
export const validationOf: Validation = validation();

/**
 * Validation with the catalog layer, memoized on the text and the catalog (the document store's
 * `validate` option): `createDocumentStore(initial, { validate: validationWithCatalog(() => catalogStore.getState().catalog) })`.
 */
export function validationWithCatalog(catalogOf: () => Catalog): Validation {
  return validation(catalogOf);
}
