import { useId, useMemo } from 'react';
import { typesByTarget, type TargetProvider } from '../../state/catalog/targets';
import { useCatalog } from './catalog-context';

/**
 * Which resource types each export target provides, and their outputs: Compose (score-compose's
 * provisioners and the files loaded) beside Kubernetes (score-k8s's, and loaded score-k8s files).
 * A resource of a type its target does not provide stops that export.
 */
export function TargetTable() {
  const catalog = useCatalog((s) => s.catalog);
  const files = useCatalog((s) => s.files);
  const rows = useMemo(() => typesByTarget(catalog, files), [catalog, files]);
  const headingId = useId();
  return (
    <section className="catalog-targets" aria-labelledby={headingId}>
      <h3 id={headingId}>Types by export target</h3>
      <p className="muted">
        What the Compose export (score-compose) and the Kubernetes export (score-k8s) can provision. A resource whose
        type its target does not provide stops that export.
      </p>
      <div className="catalog-targets-scroll" tabIndex={0} role="group" aria-label="Types by export target, table">
        <table className="catalog-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Compose</th>
              <th scope="col">Kubernetes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.type}>
                <th scope="row">
                  <code>{row.type}</code>
                </th>
                <td>
                  <Providers providers={row.compose} />
                </td>
                <td>
                  <Providers providers={row.kubernetes} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Providers({ providers }: { providers: readonly TargetProvider[] }) {
  if (providers.length === 0) return <span className="muted">not provided</span>;
  // Lines, not a list: the page's lists are its loaded files and types.
  return (
    <>
      {providers.map((p, i) => (
        <div key={i} className="catalog-target-line">
          {p.class === 'any' ? 'any class' : `class ${p.class}`}
          {p.source !== 'built-in' && ` (${p.source})`}:{' '}
          {p.outputs.length === 0 ? (
            <span className="muted">no outputs listed</span>
          ) : (
            p.outputs.map((o, j) => (
              <span key={o}>
                {j > 0 && ', '}
                <code>{o}</code>
              </span>
            ))
          )}
        </div>
      ))}
    </>
  );
}
