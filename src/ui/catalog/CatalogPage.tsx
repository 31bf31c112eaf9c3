import { lazy, Suspense, type ReactNode } from 'react';
import './catalog.css';

/** Downloaded when the page is first opened: most visits never open it. Later openings render at once. */
const Content = lazy(() =>
  import('./CatalogPageContent').then(
    (m) => ({ default: m.CatalogPageContent }),
    () => ({ default: Unavailable }),
  ),
);

/** The resource catalog page (see CatalogPageContent). */
export function CatalogPage({ onClose }: { onClose?: () => void }) {
  return (
    <Suspense fallback={<Frame busy>Loading the resource catalog…</Frame>}>
      <Content onClose={onClose} />
    </Suspense>
  );
}

function Unavailable({ onClose }: { onClose?: (() => void) | undefined }) {
  return (
    <Frame>
      <span role="alert">The catalog page did not download. Reload the page to try again.</span>{' '}
      {onClose && (
        <button type="button" onClick={onClose}>
          Back to the workload
        </button>
      )}
    </Frame>
  );
}

function Frame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <main className="catalog" aria-label="Resource catalog" aria-busy={busy}>
      <p className="muted">{children}</p>
    </main>
  );
}
