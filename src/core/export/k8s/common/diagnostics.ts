import { isRecord, rangeOf, toPointer, type ParsedDocument, type TextRange } from './borrowed';

/**
 * What the Kubernetes export could not convert, or converted differently from the workload's
 * words, each at its place in the workload's text: the file, a JSON Pointer, and the range when
 * the text is at hand. Errors stop the export (no manifests are written); warnings do not.
 */
export type K8sDiagnosticCode =
  /** The export is refused: score-k8s would fail here, or the result could not run. */
  | 'K8S_EXPORT_ERROR'
  /** Part of the workload is left out of the manifests (score-k8s ignores it, or Kubernetes refuses it). */
  | 'K8S_NOT_CONVERTED';

export interface K8sDiagnostic {
  severity: 'error' | 'warning';
  code: K8sDiagnosticCode;
  /** score-k8s's wording where score-k8s has one, with the chain of places it names. */
  message: string;
  /** The workload's file; '' when the problem is not in one file (options, provisioners, patches). */
  file: string;
  /** JSON Pointer into that file ('' for the whole file). */
  path: string;
  /** 1-based, when the text is at hand. */
  range?: TextRange;
}

/** A problem found while converting, placed by segments of the upgraded workload (files keyed by target). */
export interface Problem {
  severity: 'error' | 'warning';
  code: K8sDiagnosticCode;
  message: string;
  where: readonly string[];
}

export function error(where: readonly string[], message: string): Problem {
  return { severity: 'error', code: 'K8S_EXPORT_ERROR', message, where };
}

export function warning(where: readonly string[], message: string): Problem {
  return { severity: 'warning', code: 'K8S_NOT_CONVERTED', message, where };
}

/** One workload's file, to place its problems. */
export interface PlacedSource {
  file: string;
  parsed?: ParsedDocument;
}

/** The problem at its place in the workload's file. */
export function place(problem: Problem, source: PlacedSource | undefined): K8sDiagnostic {
  const base = { severity: problem.severity, code: problem.code, message: problem.message };
  if (!source) return { ...base, file: '', path: '' };
  const path = toPointer(originalSegments(problem.where, source.parsed));
  const range = source.parsed?.doc
    ? rangeOf(source.parsed, path, path.includes('/before/') ? 'key' : 'value')
    : undefined;
  return { ...base, file: source.file, path, ...(range ? { range } : {}) };
}

/** A problem of the whole export (options, provisioner files, patch templates). */
export function general(message: string): K8sDiagnostic {
  return { severity: 'error', code: 'K8S_EXPORT_ERROR', message, file: '', path: '' };
}

/**
 * score-go upgrades list-form `files` and `volumes` to maps keyed by target: a problem placed under
 * `files/<target>` points at the list item with that target in the text.
 */
function originalSegments(where: readonly string[], parsed: ParsedDocument | undefined): string[] {
  const out = [...where];
  if (where[0] !== 'containers' || (where[2] !== 'files' && where[2] !== 'volumes') || where.length < 4) return out;
  const root: unknown = parsed?.value;
  const containers = isRecord(root) && isRecord(root.containers) ? root.containers : undefined;
  const container = containers?.[where[1]!];
  const list = isRecord(container) ? container[where[2]] : undefined;
  if (!Array.isArray(list)) return out;
  const index = list.findIndex((item: unknown) => isRecord(item) && String(item.target) === where[3]);
  if (index >= 0) out[3] = String(index);
  return out;
}
