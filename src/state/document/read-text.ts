import { looksLikeCompose } from '../../core/import/compose/detect';
import { validationOf } from './check/validation';

/** What reading a file or a text as a workload gave: its text, or why it is not opened. */
export type FileReading =
  | { ok: true; text: string; /** What was changed in reading it, to tell the user. */ note?: string }
  | {
      ok: false;
      message: string;
      /** A Docker Compose file: its text, which the app offers to import as a Score workload. */
      compose?: string;
    };

/** Said of a file that is not text. */
export const notText = 'This is not a text file: it holds binary data. Open a score.yaml or JSON workload instead.';

/**
 * Text from any source (a file, the clipboard) opens when it is, or is meant to be, a Score workload.
 * A workload with mistakes opens (the user sees its problems and fixes them); text that is plainly
 * something else — binary data, a list, a Compose file, a Kubernetes manifest — is refused, so that
 * the workload in the editor is never replaced by it. The check is the memoized validation, so
 * opening the text afterwards costs nothing more.
 */
export function readWorkloadText(original: string): FileReading {
  // Classic Mac line ends (a carriage return alone): the Score toolchain and the editor read them as
  // line breaks, the YAML reader here does not, so they are made line feeds, and the user is told.
  const loneCr = /\r(?!\n)/.test(original);
  const text = loneCr ? original.replace(/\r(?!\n)/g, '\n') : original;
  const reading = readText(text);
  return loneCr && reading.ok
    ? { ...reading, note: 'Its line ends were carriage returns alone (classic Mac); they were made line feeds.' }
    : reading;
}

function readText(text: string): FileReading {
  const parsed = validationOf(text).parsed;
  if (parsed.syntax.some((d) => d.code === 'BINARY_CONTENT')) return { ok: false, message: notText };
  if (text.trim() === '')
    return { ok: false, message: 'It is empty: a Score workload has at least apiVersion and containers.' };
  const value = parsed.value;
  if (
    parsed.doc !== null &&
    value !== undefined &&
    value !== null &&
    (typeof value !== 'object' || Array.isArray(value))
  ) {
    return {
      ok: false,
      message: `It holds ${Array.isArray(value) ? 'a list' : 'a single value'}, not a Score workload (a mapping with apiVersion, metadata and containers).`,
    };
  }
  if (parsed.blocked || typeof value !== 'object' || value === null) {
    // Unreadable YAML may still be a workload with a typo: open it when it names the workload's keys.
    if (/^(apiVersion|containers)\s*:/m.test(text) || text.includes('score.dev/')) return { ok: true, text };
    return { ok: false, message: 'It is not readable YAML and does not look like a Score workload.' };
  }
  const { apiVersion } = value as { apiVersion?: unknown };
  const scoreVersion = typeof apiVersion === 'string' && apiVersion.startsWith('score.dev/');
  if (!('containers' in value) && !scoreVersion) {
    if (looksLikeCompose(text)) {
      return {
        ok: false,
        message: 'It is a Docker Compose file, not a Score workload: it has neither apiVersion nor containers.',
        compose: text,
      };
    }
    const what =
      typeof apiVersion === 'string'
        ? `apiVersion ${JSON.stringify(apiVersion.slice(0, 40))} is not a Score version`
        : 'it has neither apiVersion nor containers';
    return { ok: false, message: `It is not a Score workload: ${what}.` };
  }
  return { ok: true, text };
}
