import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Test support: a Prism mock server of the workloads API on a free 127.0.0.1 port. Prism answers
 * with the contract's examples and checks every request against the contract: a request that
 * breaks it gets a 422, or the documented 400 with an `sl-violations` header.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const contractPath = path.join(repoRoot, 'schemas/workloads.openapi.yaml');
export const prismBin = path.join(repoRoot, 'node_modules/.bin/prism');
export const prismInstalled = existsSync(prismBin);

export interface PrismMock {
  url: string;
  stop(): Promise<void>;
}

export async function startPrismMock(timeoutMs = 30_000): Promise<PrismMock> {
  const port = await freePort();
  const child = spawn(prismBin, ['mock', '-h', '127.0.0.1', '-p', String(port), '--errors', contractPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`Prism did not start (${why}). Its output:\n${output}`));
    };
    const timer = setTimeout(() => fail(`not listening after ${timeoutMs / 1000} s`), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code) => fail(`exited with code ${code}`));
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
