/**
 * The strict decoder base64 and base32 share (Go's decodeQuantum, padded encodings): CR and LF are
 * skipped, a short final quantum or bad padding is an error, and the error names the byte offset as
 * Go's CorruptInputError does ("illegal base64 data at input byte N").
 */
export type Decoded = { bytes: Uint8Array } | { error: string };

export function decodePadded(
  text: string,
  alphabet: string,
  quantum: number,
  bitsPerChar: number,
  label: string,
): Decoded {
  const out: number[] = [];
  let si = 0;
  const skipNewlines = (): void => {
    while (si < text.length && (text[si] === '\n' || text[si] === '\r')) si++;
  };
  const fail = (at: number): Decoded => ({ error: `illegal ${label} data at input byte ${at}` });
  for (;;) {
    skipNewlines();
    if (si >= text.length) return { bytes: Uint8Array.from(out) };
    const quantumStart = si;
    let bits = 0n;
    let dataChars = 0;
    let padded = false;
    for (let j = 0; j < quantum; j++) {
      skipNewlines();
      if (si >= text.length) return fail(quantumStart);
      const ch = text[si] ?? '';
      si++;
      if (ch === '=') {
        // Padding: at least two data characters must precede it, and the rest of the quantum is '='.
        if (j < 2) return fail(si - 1);
        for (let k = j + 1; k < quantum; k++) {
          skipNewlines();
          if (si >= text.length) return fail(text.length);
          if (text[si] !== '=') return fail(si - 1);
          si++;
        }
        padded = true;
        break;
      }
      const v = alphabet.indexOf(ch);
      if (v < 0) return fail(si - 1);
      bits = (bits << BigInt(bitsPerChar)) | BigInt(v);
      dataChars++;
    }
    const totalBits = dataChars * bitsPerChar;
    const nBytes = Math.floor(totalBits / 8);
    bits >>= BigInt(totalBits - nBytes * 8);
    for (let k = nBytes - 1; k >= 0; k--) out.push(Number((bits >> BigInt(8 * k)) & 255n));
    if (padded) {
      skipNewlines();
      if (si < text.length) return fail(si);
      return { bytes: Uint8Array.from(out) };
    }
  }
}
