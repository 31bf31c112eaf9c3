import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { MAX_TEXT_LENGTH } from '../core/document/parse';

/**
 * Reading one input as bytes: a file path, or `-` for standard input. Decoding is decode.ts's job.
 * Failures are returned, not thrown, with a message that names the file and the reason.
 */
export type Input =
  | { ok: true; bytes: Uint8Array; tooLarge: false }
  | { ok: true; tooLarge: true; size: number }
  | { ok: false; message: string };

/**
 * A UTF-16 code unit takes at most 3 bytes in UTF-8, so a file this large is certainly over the
 * core's text limit: reading more would only use memory. The core reports the size to the user.
 */
export const MAX_INPUT_BYTES = 3 * MAX_TEXT_LENGTH + 3;

export async function readInput(name: string, stdin: Readable): Promise<Input> {
  return name === '-' ? readStream(stdin) : readFile(name);
}

async function readFile(path: string): Promise<Input> {
  let handle;
  try {
    handle = await open(path, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) return { ok: false, message: `${path}: is a directory, not a file.` };
    if (stat.size > MAX_INPUT_BYTES) return { ok: true, tooLarge: true, size: stat.size };
    return await readStream(handle.createReadStream({ autoClose: false }));
  } catch (error) {
    return { ok: false, message: `${path}: ${describeFsError(error)}` };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Reads at most MAX_INPUT_BYTES (plus one chunk), so a huge or endless input cannot exhaust memory. */
async function readStream(stream: Readable): Promise<Input> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    size += bytes.length;
    if (size > MAX_INPUT_BYTES) {
      stream.destroy();
      return { ok: true, tooLarge: true, size };
    }
  }
  return { ok: true, bytes: Buffer.concat(chunks, size), tooLarge: false };
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file.';
    case 'EISDIR':
      return 'is a directory, not a file.';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied.';
    case 'ENOTDIR':
      return 'a part of the path is not a directory.';
    case 'ELOOP':
      return 'too many symbolic links.';
    default:
      return `cannot be read (${error instanceof Error ? error.message : String(error)}).`;
  }
}
