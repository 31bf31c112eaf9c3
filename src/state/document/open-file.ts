import { MAX_TEXT_LENGTH } from '../../core/document/parse';
import { validationOf } from './check/validation';

/**
 * Reading a file the user opened, dropped or pasted. Text files open even when they are no valid
 * workload (the user sees the problems and fixes them); files that are not text at all are refused
 * with a plain message, so that the text in the editor is never replaced by garbage.
 */
export type FileReading =
  | { ok: true; text: string; /** What was changed in reading it, to tell the user. */ note?: string }
  | { ok: false; message: string };

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
  const encoding = encodingOf(bytes);
  if (encoding === 'utf-8' && looksUtf16(bytes)) {
    return {
      ok: false,
      message:
        'It looks like UTF-16 text without a byte-order mark, which cannot be told apart from binary data. Save it as UTF-8 and open it again.',
    };
  }
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    // Bytes that are not UTF-8 but no NUL or control character either: text in another encoding.
    const textLike = encoding === 'utf-8' && !bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
    return {
      ok: false,
      message: textLike
        ? 'It is not UTF-8 text (perhaps Latin-1 or Windows-1252). Save it as UTF-8 and open it again.'
        : notText,
    };
  }
  return readWorkloadText(text);
}

/** ASCII text in UTF-16 without a mark: every other byte of the first ones is 0. */
function looksUtf16(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 256) & ~1;
  if (n < 8) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const half = n / 2;
  return (evenZeros > half * 0.9 && oddZeros < half * 0.1) || (oddZeros > half * 0.9 && evenZeros < half * 0.1);
}

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
