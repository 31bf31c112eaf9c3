import { lazy, Suspense } from 'react';
import type { ExportTarget } from '../../state/export/settings';
import { EXPORT_CODE_MISSING } from './load-export';
import './export.css';

/** Downloaded (with the export's code) when a preview is first shown; later showings render at once. */
const Content = lazy(() =>
  import('./ExportPreviewContent').then(
    (m) => ({ default: m.ExportPreviewContent }),
    () => ({ default: Unavailable }),
  ),
);

/**
 * The file a target's export would write now for the open workload — compose.yaml (Compose) or
 * manifests.yaml (Kubernetes) — one component for both (see ExportPreviewContent).
 */
export function ExportPreview({ target, label }: { target: ExportTarget; /** Its tab's name. */ label: string }) {
  return (
    <Suspense fallback={<Preparing label={label} />}>
      <Content target={target} label={label} />
    </Suspense>
  );
}

/** The preview's first line while its code downloads: the same words the preview uses while it prepares. */
function Preparing({ label }: { label: string }) {
  return (
    <section className="compose-preview" aria-label={label}>
      <p className="compose-preview-bar" role="status">
        Preparing the preview…
      </p>
    </section>
  );
}

function Unavailable({ label }: { label: string }) {
  return (
    <section className="compose-preview" aria-label={label}>
      <p role="alert">{EXPORT_CODE_MISSING}</p>
    </section>
  );
}
