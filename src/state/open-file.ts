import { MAX_TEXT_LENGTH } from '../core/document/parse';
import { validationOf } from './validation';

/**
 * Reading a file the user opened, dropped or pasted. Text files open even when they are no valid
 * workload (the user sees the problems and fixes them); files that are not text at all are refused
 * with a plain message, so that the text in the editor is never replaced by garbage.
 */
export type FileReading = { ok: true; text: string } | { ok: false; message: string };

const notText = 'This is not a text file: it holds binary data. Open a score.yaml or JSON workload instead.';

export async function readWorkloadFile(file: Blob): Promise<FileReading> {
  if (file.size > MAX_TEXT_LENGTH) {
    return {
      ok: false,
      message: `The file is ${(file.size / 1048576).toFixed(1)} MB; a workload must be under ${MAX_TEXT_LENGTH / 1048576} MB.`,
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, message: 'The file could not be read (it may have been moved or deleted).' };
  }
  return decodeWorkloadBytes(bytes);
}

export function decodeWorkloadBytes(bytes: Uint8Array): FileReading {
  let text: string;
  try {
    text = new TextDecoder(encodingOf(bytes), { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: notText };
  }
  return readWorkloadText(text);
}

/**
 * Text from any source (a file, the clipboard) opens when it is, or is meant to be, a Score workload.
 * A workload with mistakes opens (the user sees its problems and fixes them); text that is plainly
 * something else — binary data, a list, a Compose file, a Kubernetes manifest — is refused, so that
 * the workload in the editor is never replaced by it. The check is the memoized validation, so
 * opening the text afterwards costs nothing more.
 */
export function readWorkloadText(text: string): FileReading {
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
    const what =
      typeof apiVersion === 'string'
        ? `apiVersion ${JSON.stringify(apiVersion.slice(0, 40))} is not a Score version`
        : 'it has neither apiVersion nor containers';
    return { ok: false, message: `It is not a Score workload: ${what}.` };
  }
  return { ok: true, text };
}

/** UTF-8 unless a byte order mark says UTF-16 (as some Windows editors save). The decoder drops the mark. */
function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
