import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostics';
import { countsBySeverity, countsBySource, filterProblems, isFiltering, NO_FILTER } from './filter';

const at = { line: 1, column: 1, endLine: 1, endColumn: 2 };
const d = (severity: Diagnostic['severity'], source: Diagnostic['source'], path: string, message: string): Diagnostic =>
  ({ severity, source, path, message, code: 'SCHEMA_VIOLATION', range: at }) as Diagnostic;

const problems: Diagnostic[] = [
  d('error', 'syntax', '', 'The YAML does not parse'),
  d('error', 'schema', '/containers/web/image', 'image is empty'),
  d('warning', 'rules', '/containers/web/variables/DB', 'resources.db has no output named hots'),
  d('warning', 'catalog', '/resources/db', 'No provisioner takes the type postgress'),
  d('info', 'export', '/containers/webapp/image', 'The Compose export ignores limits'),
];
problems[3] = { ...problems[3]!, exportProblem: d('error', 'export', '/resources/db', 'cannot export') };

describe('the Problems filter', () => {
  it('shows everything until told otherwise', () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(filterProblems(problems, NO_FILTER, undefined)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the severities chosen', () => {
    expect(filterProblems(problems, { ...NO_FILTER, severities: ['error'] }, undefined)).toEqual([0, 1]);
    expect(filterProblems(problems, { ...NO_FILTER, severities: ['warning', 'info'] }, undefined)).toEqual([2, 3, 4]);
    expect(filterProblems(problems, { ...NO_FILTER, severities: [] }, undefined)).toEqual([]);
  });

  it('keeps one check, counting a problem that stands for an export problem as the export’s too', () => {
    expect(filterProblems(problems, { ...NO_FILTER, source: 'schema' }, undefined)).toEqual([1]);
    expect(filterProblems(problems, { ...NO_FILTER, source: 'export' }, undefined)).toEqual([3, 4]);
    expect(countsBySource(problems)).toEqual([
      ['syntax', 1],
      ['schema', 1],
      ['rules', 1],
      ['catalog', 1],
      ['export', 2],
    ]);
    expect(countsBySeverity(problems)).toEqual({ error: 2, warning: 2, info: 1 });
  });

  it('matches text in the message, the code or the path, whatever its case', () => {
    expect(filterProblems(problems, { ...NO_FILTER, text: 'POSTGRESS' }, undefined)).toEqual([3]);
    expect(filterProblems(problems, { ...NO_FILTER, text: ' /containers/web/ ' }, undefined)).toEqual([1, 2]);
    expect(filterProblems(problems, { ...NO_FILTER, text: 'schema_violation' }, undefined)).toHaveLength(5);
  });

  it('keeps the selected part and what is inside it, not a sibling that shares its prefix', () => {
    const selected = { ...NO_FILTER, selectedOnly: true };
    expect(filterProblems(problems, selected, '/containers/web')).toEqual([1, 2]);
    expect(filterProblems(problems, selected, '/resources/db')).toEqual([3]);
    expect(filterProblems(problems, selected, '')).toEqual([0, 1, 2, 3, 4]);
    expect(filterProblems(problems, { ...selected, severities: ['warning'] }, '/containers/web')).toEqual([2]);
  });
});
