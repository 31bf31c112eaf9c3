import { memo } from 'react';
import type { Diagnostic, Severity, TextRange } from '../core/diagnostics';
import { useDocument } from '../state/document-context';

const severityLabel: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

/** Every problem of the workload at once; choosing one shows its place in the editor. */
export function ProblemsPanel({ onReveal }: { onReveal: (range: TextRange) => void }) {
  const diagnostics = useDocument((s) => s.report.diagnostics);
  return (
    <section className="pane problems" aria-labelledby="problems-heading">
      <h2 id="problems-heading" className="pane-title">
        Problems <span className="count">{diagnostics.length}</span>
      </h2>
      {diagnostics.length === 0 ? (
        <p className="empty">No problems found.</p>
      ) : (
        <ul className="problem-list">
          {diagnostics.map((d, i) => (
            <li key={`${i}|${d.code}|${d.path}`}>
              <Problem diagnostic={d} onReveal={onReveal} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const Problem = memo(function Problem({
  diagnostic: d,
  onReveal,
}: {
  diagnostic: Diagnostic;
  onReveal: (range: TextRange) => void;
}) {
  return (
    <button type="button" className={`problem ${d.severity}`} onClick={() => onReveal(d.range)}>
      <span className="severity">{severityLabel[d.severity]}</span>
      <code className="code">{d.code}</code>
      <span className="message">{d.message}</span>
      <span className="position">
        <span className="visually-hidden">line </span>
        {d.range.line}:{d.range.column}
      </span>
    </button>
  );
});
