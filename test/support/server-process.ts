import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/api/prism-mock';

/**
 * Test and bench support: the server as a separate process, started by the real command
 * (`score-designer serve`) on a free port, so that a browser or a load can reach it from outside
 * and it can be killed with SIGKILL like a crashed machine's would be.
 */
const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/score-designer.mjs');

export interface ServerProcess {
  apiUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawn to "listening". */
  startMs: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function createKey(dataDir: string, name: string): string {
  return execFileSync('node', [bin, 'serve', 'keys', 'create', name, '--data', dataDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
}

export async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('node', [bin, 'serve', '--port', String(port), '--data', dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s: ${said}`)), 120_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('workloads API at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}): ${said}`));
    });
  });
  const startMs = performance.now() - started;
  return {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    child,
    startMs,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
