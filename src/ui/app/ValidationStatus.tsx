import { useDocument } from '../../state/document/context';
import { statusText } from './status-text';

/** The workload's verdict in one line: "Valid", "2 errors, 1 warning", "Valid · Compose export: 1 problem". */
export function ValidationStatus() {
  const text = useDocument((s) => statusText(s.report));
  const valid = useDocument((s) => s.report.valid);
  return (
    <p className={`status ${valid ? 'valid' : 'invalid'}`} role="status" aria-label="Validation status" title={text}>
      <span aria-hidden="true">{valid ? '✓ ' : '✕ '}</span>
      {text}
    </p>
  );
}
