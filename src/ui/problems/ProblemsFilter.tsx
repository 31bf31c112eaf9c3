import type { Diagnostic, DiagnosticSource, Severity } from '../../core/diagnostics';
import { SeverityIcon } from './SeverityIcon';
import {
  countsBySeverity,
  countsBySource,
  isFiltering,
  NO_FILTER,
  SEVERITIES,
  SOURCE_LABELS,
  type ProblemFilter,
} from './filter';

const SEVERITY_PLURAL: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

/**
 * The Problems list's filter: severities as toggles with their counts, the layer that found them
 * (each with its count), a text, and "selected part only". Says how many of all are shown.
 */
export function ProblemsFilter({
  diagnostics,
  filter,
  shown,
  onChange,
}: {
  diagnostics: readonly Diagnostic[];
  filter: ProblemFilter;
  shown: number;
  onChange: (filter: ProblemFilter) => void;
}) {
  const bySeverity = countsBySeverity(diagnostics);
  const bySource = countsBySource(diagnostics);
  const filtering = isFiltering(filter);
  // A layer chosen before keeps its entry while it has nothing left, so that the choice stays visible.
  const sources =
    filter.source !== 'all' && !bySource.some(([s]) => s === filter.source)
      ? [...bySource, [filter.source, 0] as [DiagnosticSource, number]]
      : bySource;
  return (
    <div className="problems-filter" role="group" aria-label="Filter problems">
      {SEVERITIES.map((severity) => {
        const on = filter.severities.includes(severity);
        return (
          <button
            key={severity}
            type="button"
            className={`severity-toggle ${severity}`}
            aria-pressed={on}
            onClick={() =>
              onChange({
                ...filter,
                severities: on ? filter.severities.filter((s) => s !== severity) : [...filter.severities, severity],
              })
            }
          >
            <SeverityIcon severity={severity} /> {SEVERITY_PLURAL[severity]} {bySeverity[severity]}
          </button>
        );
      })}
      <select
        aria-label="Found by"
        value={filter.source}
        onChange={(e) => onChange({ ...filter, source: e.target.value as ProblemFilter['source'] })}
      >
        <option value="all">All checks ({diagnostics.length})</option>
        {sources.map(([source, n]) => (
          <option key={source} value={source}>
            {SOURCE_LABELS[source]} ({n})
          </option>
        ))}
      </select>
      <input
        type="search"
        aria-label="Problems containing"
        placeholder="Filter by text"
        value={filter.text}
        onChange={(e) => onChange({ ...filter, text: e.target.value })}
      />
      <label className="selected-only">
        <input
          type="checkbox"
          checked={filter.selectedOnly}
          onChange={(e) => onChange({ ...filter, selectedOnly: e.target.checked })}
        />{' '}
        Selected part only
      </label>
      {filtering && (
        <>
          <span className="shown-count" aria-live="polite">
            {shown} of {diagnostics.length} shown
          </span>
          <button type="button" className="link" onClick={() => onChange(NO_FILTER)}>
            Clear filter
          </button>
        </>
      )}
    </div>
  );
}
