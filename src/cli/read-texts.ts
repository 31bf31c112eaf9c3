import { decodeUtf8 } from './decode';
import type { CliIo } from './io';
import { readInput } from './read-input';

export interface ReadTexts {
  texts: Array<{ file: string; text: string }>;
  unreadable: number;
  undecodable: number;
}

/** Reads every file (all of them, so that one run names every unreadable file), as UTF-8 text. */
export async function readTexts(files: readonly string[], io: CliIo, say: (line: string) => void): Promise<ReadTexts> {
  const out: ReadTexts = { texts: [], unreadable: 0, undecodable: 0 };
  for (const file of files) {
    const input = await readInput(file, io.stdin);
    if (!input.ok) {
      say(input.message);
      out.unreadable++;
    } else if (input.tooLarge) {
      say(
        `${file}: the file is ${(input.size / 1048576).toFixed(1)} MB or more, too large to be a workload; it was not read.`,
      );
      out.undecodable++;
    } else {
      const decoded = decodeUtf8(input.bytes);
      if (decoded.ok) out.texts.push({ file, text: decoded.text });
      else {
        say(`${file}: ${decoded.diagnostic.message}`);
        out.undecodable++;
      }
    }
  }
  return out;
}
