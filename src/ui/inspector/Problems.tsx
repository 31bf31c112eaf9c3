import type { Diagnostic } from '../../core/diagnostics';
import { SeverityIcon, severityLabel } from '../problems/SeverityIcon';

/** A field's problems, under it, in the same words as the Problems panel. */
export function Problems({ id, problems }: { id: string; problems: readonly Diagnostic[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="field-problems">
      {problems.map((d, i) => (
        <li key={`${i}|${d.code}`} className={`field-problem ${d.severity}`} data-code={d.code}>
          <SeverityIcon severity={d.severity} /> <span className="visually-hidden">{severityLabel[d.severity]}: </span>
          {d.message}
        </li>
      ))}
    </ul>
  );
}

export function hasError(problems: readonly Diagnostic[]): boolean {
  return problems.some((d) => d.severity === 'error');
}
