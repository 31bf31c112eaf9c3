import type { Diagnostic } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { toPointer } from '../../document/pointer';
import { isLocalPath } from '../../go/path';
import type { Workload } from '../../workload/types';
import { ruleDiagnostic } from './shared';

/** score-compose checks a file's source with Go's filepath.IsLocal (tests import it from here). */
export { isLocalPath };

/**
 * Files and volumes: the deprecated list form, and the file checks score-compose makes when it
 * writes files (a source path inside the Score file's directory; a mode the owner can read).
 */
export function fileAndVolumeRules(parsed: ParsedDocument, workload: Workload): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, container] of workload.containers) {
    for (const field of ['files', 'volumes'] as const) {
      if (container[field].form !== 'list') continue;
      out.push(
        ruleDiagnostic(
          parsed,
          'warning',
          'DEPRECATED_ARRAY_FORM',
          `The ${field} of container "${name}" are written as a list with "target", a deprecated form. Write it as a map keyed by target path (e.g. "${field === 'files' ? '/etc/app.conf' : '/data'}": {${field === 'files' ? 'content' : 'source'}: …}).`,
          toPointer(['containers', name, field]),
          'key',
        ),
      );
    }
    const listed = container.files.form === 'list';
    for (const file of container.files.entries) {
      const target = listed ? (typeof file.target === 'string' ? file.target : `#${Number(file.key) + 1}`) : file.key;
      if (typeof file.source === 'string' && !isLocalPath(file.source)) {
        out.push(
          ruleDiagnostic(
            parsed,
            'error',
            'FILE_SOURCE_NOT_LOCAL',
            `The source "${file.source}" of file "${target}" in container "${name}" ${file.source.startsWith('/') ? 'is an absolute path' : "leaves the Score file's directory"}; score-compose only reads files inside that directory. Use a relative path such as "config/app.conf", or inline the text with content.`,
            toPointer(['containers', name, 'files', file.key, 'source']),
          ),
        );
      }
      const mode = typeof file.mode === 'string' && /^0?[0-7]{3}$/.test(file.mode) ? parseInt(file.mode, 8) : undefined;
      if (mode !== undefined && (mode & 0o400) === 0) {
        out.push(
          ruleDiagnostic(
            parsed,
            'error',
            'FILE_MODE_NOT_READABLE',
            `The mode ${file.mode} of file "${target}" in container "${name}" does not let the owner read the file; score-compose requires at least 0400. Use a mode such as 0644 or 0400.`,
            toPointer(['containers', name, 'files', file.key, 'mode']),
          ),
        );
      }
    }
  }
  return out;
}
