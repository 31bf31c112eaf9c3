import type { Severity } from '../../core/diagnostics';

/**
 * A shape per severity (a circle with a cross, a triangle, a circle with an i), drawn inline so that
 * it needs no font, and so that severity never depends on colour alone. Decorative: the text says it too.
 */
export function SeverityIcon({ severity }: { severity: Severity }) {
  return (
    <svg className="severity-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      {severity === 'error' && (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6" stroke="var(--bg)" strokeWidth="1.8" strokeLinecap="round" />
        </>
      )}
      {severity === 'warning' && (
        <>
          <path d="M8 1.2L15.2 14.4H0.8z" fill="currentColor" />
          <path d="M8 5.6v4.4" stroke="var(--bg)" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="12.2" r="1" fill="var(--bg)" />
        </>
      )}
      {severity === 'info' && (
        <>
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M8 7v4.6" stroke="var(--bg)" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="4.6" r="1" fill="var(--bg)" />
        </>
      )}
    </svg>
  );
}
