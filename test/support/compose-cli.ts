import { PassThrough } from 'node:stream';
import { parseArgs } from '../../src/cli/args';
import { composeCommand } from '../../src/cli/compose-command';

/**
 * `score-designer compose ARGS` run in-process, as a user runs it in `cwd`: the command line read by
 * the CLI's parser, then the compose command, with its output and messages caught. A usage error
 * (which the CLI would answer with exit 2) is given back as such.
 */
export interface ComposeRun {
  status: number;
  stdout: string;
  stderr: string;
}

export async function runCompose(args: readonly string[], cwd: string, stdin = ''): Promise<ComposeRun> {
  const request = parseArgs(['compose', ...args]);
  let stdout = '';
  let stderr = '';
  if (request.kind !== 'compose') return { status: 2, stdout, stderr: `usage error: ${JSON.stringify(request)}` };
  const input = new PassThrough();
  input.end(stdin);
  const io = {
    stdin: input,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const status = await composeCommand(request, io, cwd);
  return { status, stdout, stderr };
}
