import type { Severity } from '../../core/diagnostics';

/** A severity in words, as the Problems panel and a field's problems say it. */
export const severityLabel: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

/**
 * A shape per severity (a circle with a cross, a triangle with a bang, a circle with an i), so that
 * severity never depends on colour alone. Drawn with CSS (see app.css), not inline SVG: an SVG is a
 * layout tree and a paint chunk of its own, and a check that adds a problem row then took about
 * half a millisecond more to lay out and paint. Decorative: the text says it too.
 */
export function SeverityIcon({ severity }: { severity: Severity }) {
  return <span className={`severity-icon ${severity}`} aria-hidden="true" />;
}
