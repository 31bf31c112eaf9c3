import { describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticCode } from '../../core/diagnostics';
import { statusText } from './status-text';

describe('statusText', () => {
  it('says Valid when nothing is wrong, and counts warnings without calling them errors', () => {
    expect(statusText({ errors: 0, warnings: 0 })).toBe('Valid');
    expect(statusText({ errors: 0, warnings: 1 })).toBe('Valid, 1 warning');
    expect(statusText({ errors: 0, warnings: 2 })).toBe('Valid, 2 warnings');
  });

  it('counts errors first, singular and plural', () => {
    expect(statusText({ errors: 1, warnings: 0 })).toBe('1 error');
    expect(statusText({ errors: 3, warnings: 1 })).toBe('3 errors, 1 warning');
    expect(statusText({ errors: 2, warnings: 5 })).toBe('2 errors, 5 warnings');
  });
});

describe('statusText with the Compose export', () => {
  const range = { line: 1, column: 1, endLine: 1, endColumn: 2 };
  const exportProblem = (severity: Diagnostic['severity'], code: DiagnosticCode = 'EXPORT_FAILS'): Diagnostic => ({
    severity,
    code,
    message: 'm',
    path: '',
    range,
    source: 'export',
  });

  it('never lets "Valid" hide a failing export: it counts the export problems after the verdict', () => {
    expect(statusText({ errors: 0, warnings: 0, diagnostics: [exportProblem('error')] })).toBe(
      'Valid · Compose export: 1 problem',
    );
    expect(
      statusText({ errors: 0, warnings: 2, diagnostics: [exportProblem('error'), exportProblem('warning')] }),
    ).toBe('Valid, 2 warnings · Compose export: 2 problems');
    expect(statusText({ errors: 1, warnings: 0, diagnostics: [exportProblem('error')] })).toBe(
      '1 error · Compose export: 1 problem',
    );
  });

  it('leaves out notes and the problems of other layers and exporters', () => {
    const orchestrator = exportProblem('error', 'NOT_IN_WORKLOAD_RESOURCE');
    const note = exportProblem('info', 'EXPORT_CHANGED');
    const schema: Diagnostic = { ...exportProblem('error', 'REQUIRED_FIELD'), source: 'schema' };
    expect(statusText({ errors: 1, warnings: 0, diagnostics: [orchestrator, note, schema] })).toBe('1 error');
  });
});

describe('statusText with the platform’s policies', () => {
  const range = { line: 1, column: 1, endLine: 1, endColumn: 2 };
  const finding = (severity: Diagnostic['severity']): Diagnostic => ({
    severity,
    code: 'POLICY_VIOLATION',
    message: 'm',
    path: '',
    range,
    source: 'policy',
  });

  it('counts what the policies deny and warn of after the verdict, not their audits', () => {
    expect(statusText({ errors: 0, warnings: 0, diagnostics: [finding('error')] })).toBe('Valid · Policy: 1 error');
    expect(
      statusText({ errors: 0, warnings: 1, diagnostics: [finding('error'), finding('error'), finding('warning')] }),
    ).toBe('Valid, 1 warning · Policy: 2 errors, 1 warning');
    expect(statusText({ errors: 0, warnings: 0, diagnostics: [finding('info')] })).toBe('Valid');
  });
});

describe('statusText with the Kubernetes export', () => {
  const range = { line: 1, column: 1, endLine: 1, endColumn: 2 };
  const k8sProblem: Diagnostic = {
    severity: 'error',
    code: 'EXPORT_NO_PROVISIONER',
    message: 'm',
    path: '',
    range,
    source: 'export',
    exportTarget: 'kubernetes',
  };

  it('names the target readiness checked', () => {
    expect(statusText({ errors: 0, warnings: 0, diagnostics: [k8sProblem] })).toBe(
      'Valid · Kubernetes export: 1 problem',
    );
  });
});
