import { useId, type ReactNode } from 'react';
import type { Place, StatusView } from '../../core/orchestrator/status-view';
import { useDocument } from '../../state/document/context';

/**
 * The status itself: the conditions (Ready first), the claims and who serves them, the endpoint,
 * the profile and backend, the policies. Each line is a button that shows its place in the workload
 * (the field is selected, the YAML pane reveals the line), as a row of Problems does. All text is
 * rendered as text: names come from the user's files.
 */
export function StatusReadout({ view, current }: { view: StatusView; current: boolean }) {
  const showPlace = useDocument((s) => s.showPlace);
  const show = (place: Place) => showPlace(place.path, place.range, true);
  const ordered = [
    ...view.conditions.filter((c) => c.type === 'Ready'),
    ...view.conditions.filter((c) => c.type !== 'Ready'),
  ];
  const { selection, policy } = view;
  return (
    <div className="status-readout" aria-busy={!current || undefined}>
      {!current && <p className="muted status-stale">Checking the latest change…</p>}
      <Section title="Conditions">
        {ordered.map((c) => (
          <Line key={c.type} place={c.place} show={show} className={`condition ${c.status.toLowerCase()}`}>
            <span className="status-name">{c.type}</span> <span className="status-value">{c.status}</span>{' '}
            <code className="status-reason">{c.reason}</code> <span className="status-message">{c.message}</span>
          </Line>
        ))}
      </Section>
      <Section title="Resource claims">
        {view.claims.length === 0 ? (
          <li className="muted">No resources: nothing to claim.</li>
        ) : (
          view.claims.map((c) => (
            <Line key={c.key} place={c.place} show={show} className={`claim ${c.phase.toLowerCase()}`}>
              <span className="status-name">
                {c.key}{' '}
                <span className="muted">({c.class !== undefined ? `${c.type}, class ${c.class}` : c.type})</span>
              </span>{' '}
              <span className="status-value">{c.phase}</span>{' '}
              <span className="status-reason">
                {c.outputsAvailable ? 'outputs available' : 'no outputs yet'}
                {c.provisioner && ` · ${c.provisioner.name} (${c.provisioner.from})`}
              </span>{' '}
              <span className="status-message">{c.message}</span>
            </Line>
          ))
        )}
      </Section>
      <Section title="Endpoint">
        {view.endpoint ? (
          <Line place={view.endpoint.place} show={show} className="endpoint">
            <span className="status-name">{view.endpoint.url}</span>
          </Line>
        ) : (
          <li className="muted">None (it comes with a service port, once the runtime is ready on Kubernetes).</li>
        )}
      </Section>
      <Section title="Platform">
        {!selection ? (
          <li className="muted">No platform configuration is loaded: no profile or backend can be chosen.</li>
        ) : (
          <>
            {selection.profile && (
              <Line place={selection.profile.place} show={show} className="profile">
                <span className="status-name">Profile {selection.profile.name}</span>{' '}
                <span className="status-message">chosen because {selection.profile.why}</span>
              </Line>
            )}
            {selection.error && (
              <Line place={selection.error.place} show={show} className="condition false">
                <span className="status-message">{selection.error.message}</span>
              </Line>
            )}
            {selection.backends.map((b) => (
              <li key={b.backendId} className="status-note">
                Backend {b.backendId}:{' '}
                {selection.backend?.backendId === b.backendId
                  ? `chosen (runtime ${selection.backend.runtimeClass}, template ${selection.backend.template})`
                  : b.kept
                    ? 'suits the workload, ranked lower'
                    : `passed over: ${b.why.join('; ')}`}
              </li>
            ))}
            <li className="status-note muted">
              Features: {selection.features.join(', ') || 'none'} · requests: CPU {selection.requests.cpu}, memory{' '}
              {selection.requests.memory}
            </li>
          </>
        )}
      </Section>
      <Section title="Policies">
        <li className="status-note">
          {policy.applied === 0
            ? 'No admission policy applies to the workload.'
            : `${policy.applied} applied: ${policy.denied} denied, ${policy.warned} warned, ${policy.audited} audited (see Problems).`}
        </li>
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="status-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul className="status-lines">{children}</ul>
    </section>
  );
}

function Line({
  place,
  show,
  className,
  children,
}: {
  place: Place;
  show: (place: Place) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <li>
      <button type="button" className={`status-line ${className}`} onClick={() => show(place)}>
        {children}{' '}
        <span className="status-position">
          <span className="visually-hidden">line </span>
          {place.range.line}
        </span>
      </button>
    </li>
  );
}
