import type { Catalog } from '../../../core/catalog/types';
import type { ValidationReport } from '../../../core/validate';

/** How many rehearsals a page, or the validation worker, makes at most: by then the engine has compiled that code. */
export const REHEARSALS = 3;

/**
 * The page's rehearsal of the check that follows typing (the store's `rehearse` option; see
 * typingRehearsal in rehearsal-steps.ts): its steps run apart, against the catalog of the moment. Its
 * code is loaded when the first rehearsal is due, once the page is idle: the first load has no need of it.
 * Returns how to give up the rest of it.
 */
export function rehearsal(catalogOf: () => Catalog | undefined): (report: ValidationReport) => () => void {
  return (report) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./rehearsal-steps').then(({ runApart, typingRehearsal }) => {
      if (!stopped) stop = runApart(typingRehearsal(report.parsed, catalogOf()));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  };
}
