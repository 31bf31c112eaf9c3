import type { Readable } from 'node:stream';
import { terminalStream } from './terminal';

/** The streams a command talks to; the process's own in real use, buffers in tests. */
export interface CliIo {
  stdin: Readable;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export function processIo(): CliIo {
  // A reader that closes the pipe early (`| head`) is not an error of ours.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  // Every command's output and messages, with the control characters from the user's files escaped.
  return { stdin: process.stdin, stdout: terminalStream(process.stdout), stderr: terminalStream(process.stderr) };
}
