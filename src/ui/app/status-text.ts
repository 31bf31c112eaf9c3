import type { ValidationReport } from '../../core/validate';

/** The one-line verdict of the top bar: "Valid", "Valid, 1 warning", "3 errors, 1 warning". */
export function statusText({ errors, warnings }: Pick<ValidationReport, 'errors' | 'warnings'>): string {
  const warningText = warnings > 0 ? plural(warnings, 'warning') : '';
  if (errors === 0) return warningText ? `Valid, ${warningText}` : 'Valid';
  return [plural(errors, 'error'), warningText].filter(Boolean).join(', ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
