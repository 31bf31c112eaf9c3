import { lazy, Suspense } from 'react';
import { EXPORT_CODE_MISSING } from './load-export';
import './export.css';

/** Downloaded (with the export's code) when the preview is first shown; later showings render at once. */
const Content = lazy(() =>
  import('./ComposePreviewContent').then(
    (m) => ({ default: m.ComposePreviewContent }),
    () => ({ default: Unavailable }),
  ),
);

/** compose.yaml for the open workload, as the export would write it now (see ComposePreviewContent). */
export function ComposePreview() {
  return (
    <Suspense fallback={<Preparing />}>
      <Content />
    </Suspense>
  );
}

/** The preview's first line while its code downloads: the same words the preview uses while it prepares. */
function Preparing() {
  return (
    <section className="compose-preview" aria-label="Compose preview">
      <div className="compose-preview-bar">
        <p className="compose-preview-summary" role="status">
          Preparing the preview…
        </p>
      </div>
    </section>
  );
}

function Unavailable() {
  return (
    <section className="compose-preview" aria-label="Compose preview">
      <p role="alert">{EXPORT_CODE_MISSING}</p>
    </section>
  );
}
