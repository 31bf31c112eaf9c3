import { utf32Mark } from '../../core/document/byte-order';
import { MAX_TEXT_LENGTH } from '../../core/document/parse';
import { notText, readWorkloadText, type FileReading } from './read-text';

/*
 * The bytes of a file the user opened or dropped, read as text: its size and encoding checked, then
 * read as any text is (read-text.ts). Loaded with the first file opened, not with the page.
 */

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
  const utf32 = utf32Mark(bytes);
  if (utf32) {
    return {
      ok: false,
      message: `It is saved as UTF-32 (${utf32}); a workload must be UTF-8. Save it as UTF-8 and open it again.`,
    };
  }
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

/** UTF-8 unless a byte order mark says UTF-16 (as some Windows editors save). The decoder drops the mark. */
function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
