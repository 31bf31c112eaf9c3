import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeUtf8 } from './decode';
import type { CliIo } from './io';
import { readInput } from './read-input';

/**
 * Reading the files a conversion command is given (Score files, provisioner files, patch
 * templates) as UTF-8 text, and the files their workloads name as sources.
 */
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

/** readTexts for names relative to `cwd` (not the process's directory); each text keeps the name given. */
export async function readTextsIn(
  files: readonly string[],
  cwd: string,
  io: CliIo,
  say: (line: string) => void,
): Promise<ReadTexts> {
  const resolved = files.map((f) => (f === '-' ? f : path.resolve(cwd, f)));
  const read = await readTexts(resolved, io, say);
  return { ...read, texts: read.texts.map((t) => ({ ...t, file: files[resolved.indexOf(t.file)] ?? t.file })) };
}

export function readSource(file: string): Uint8Array | undefined {
  try {
    return new Uint8Array(readFileSync(file));
  } catch {
    return undefined; // the export reports it as score-compose does: "no such file or directory"
  }
}
