import type { Diagnostic } from '../core/diagnostics';
import { utf32Mark } from '../core/document/byte-order';
import { LineIndex } from '../core/document/lines';

/**
 * Turning a file's bytes into text. Workloads are UTF-8 (YAML 1.2 and score-compose read them so).
 * A UTF-8 byte order mark is dropped (YAML allows it, and keeping it would shift line 1's columns);
 * anything else that is not UTF-8 becomes one diagnostic that says what the file seems to be.
 */
export type Decoded = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Git's test for binary content: a NUL byte in the first 8000 bytes. */
const BINARY_SNIFF_BYTES = 8000;

export function decodeUtf8(bytes: Uint8Array): Decoded {
  // UTF-32's marks first: the little-endian one begins with UTF-16's.
  const utf32 = utf32Mark(bytes);
  if (utf32) {
    return failure(
      'INVALID_ENCODING',
      `This file is saved as UTF-32 (${utf32}); workloads must be UTF-8. Save it again as UTF-8 (without BOM).`,
      1,
      1,
    );
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return failure(
      'INVALID_ENCODING',
      'This file is saved as UTF-16; workloads must be UTF-8. Save it again as UTF-8 (without BOM).',
      1,
      1,
    );
  }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  try {
    return { ok: true, text: utf8.decode(body) };
  } catch {
    const bad = firstInvalidUtf8(body);
    if (body.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      return failure(
        'BINARY_CONTENT',
        'This is not a text file: it holds binary data. Give a score.yaml or JSON workload instead.',
        ...position(body, bad),
      );
    }
    return failure(
      'INVALID_ENCODING',
      `This file is not valid UTF-8 (byte 0x${(body[bad] ?? 0).toString(16).padStart(2, '0')} at offset ${bad}); ` +
        'it was probably saved in another encoding such as Latin-1 or Windows-1252. Save it again as UTF-8.',
      ...position(body, bad),
    );
  }
}

function failure(code: Diagnostic['code'], message: string, line: number, column: number): Decoded {
  return {
    ok: false,
    diagnostic: {
      severity: 'error',
      code,
      message,
      path: '',
      range: { line, column, endLine: line, endColumn: column + 1 },
      source: 'syntax',
    },
  };
}

/** Line and column of a byte offset, counted on the valid text before it (as an editor would show it). */
function position(bytes: Uint8Array, offset: number): [number, number] {
  const before = new TextDecoder('utf-8').decode(bytes.subarray(0, offset));
  const { line, column } = new LineIndex(before).position(before.length);
  return [line, column];
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) {
      if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    }
    const second = bytes[i + 1] ?? 0;
    // Overlong forms, surrogates and code points above U+10FFFF are not UTF-8 either.
    if (b === 0xe0 && second < 0xa0) return i;
    if (b === 0xed && second > 0x9f) return i;
    if (b === 0xf0 && second < 0x90) return i;
    if (b === 0xf4 && second > 0x8f) return i;
    i += length;
  }
  return bytes.length;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}
