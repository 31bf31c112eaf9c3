import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgliteFolder, preparePgliteTemplate } from '../../test/support/workloads-server';
import { parseArgs, type Request } from './args';
import type { CliIo } from './io';
import { serveCommand } from './serve-command';

/** A CLI run with buffers for its streams and a stand-in for the process's signals. */
function bufferedIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
  };
  return { io, out, err };
}

const request = (argv: string[]) => parseArgs(argv) as Extract<Request, { kind: 'serve' | 'serve-keys' }>;

describe('score-designer serve and serve keys, on an embedded database', () => {
  let dir: string;
  beforeAll(async () => {
    await preparePgliteTemplate();
    dir = freshPgliteFolder();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a key, prints it once, and the server accepts it and refuses a revoked one', async () => {
    const made = bufferedIo();
    expect(await serveCommand(request(['serve', 'keys', 'create', 'alice', '--data', dir]), made.io)).toBe(0);
    const key = made.out.join('').trim();
    expect(key).toMatch(/^sdk_[A-Za-z0-9_-]{43}$/);
    expect(made.err.join('')).toMatch(/shown this once: only its hash is kept/);

    const again = bufferedIo();
    expect(await serveCommand(request(['serve', 'keys', 'create', 'alice', '--data', dir]), again.io)).toBe(1);
    expect(again.err.join('')).toMatch(/already/);

    const listed = bufferedIo();
    await serveCommand(request(['serve', 'keys', 'list', '--data', dir]), listed.io);
    expect(listed.out.join('')).toMatch(/^alice\tread-write\t\d{4}-\d\d-\d\dT/);
    expect(listed.out.join('')).not.toContain(key);

    const signals = new EventEmitter();
    const run = bufferedIo();
    const serving = serveCommand(request(['serve', '--port', '0', '--data', dir]), run.io, signals);
    await expect.poll(() => run.err.join(''), { timeout: 60_000 }).toMatch(/workloads API at (http:\/\/\S+)/);
    const apiUrl = /workloads API at (http:\/\/\S+)/.exec(run.err.join(''))![1]!;
    expect((await fetch(`${apiUrl}/workloads`, { headers: { 'X-API-Key': key } })).status).toBe(200);
    expect((await fetch(`${apiUrl}/workloads`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await fetch(`${apiUrl}/workloads`)).status).toBe(401);

    // A second process on the same folder would corrupt it: refused while the server runs.
    const busy = bufferedIo();
    expect(await serveCommand(request(['serve', 'keys', 'revoke', 'alice', '--data', dir]), busy.io)).toBe(1);
    expect(busy.err.join('')).toMatch(/in use by process \d+/);

    signals.emit('SIGTERM');
    expect(await serving).toBe(0);
    // One JSON line per request, naming the key, never its secret.
    const lines = run.out
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => l['status'])).toEqual([200, 200, 401]);
    expect(lines[0]).toMatchObject({ method: 'GET', url: '/v1/workloads', key: 'alice' });
    expect(run.out.join('')).not.toContain(key);

    const revoked = bufferedIo();
    expect(await serveCommand(request(['serve', 'keys', 'revoke', 'alice', '--data', dir]), revoked.io)).toBe(0);
    const after = bufferedIo();
    const restarted = serveCommand(request(['serve', '--port', '0', '--data', dir]), after.io, signals);
    await expect.poll(() => after.err.join(''), { timeout: 60_000 }).toMatch(/no API keys yet/);
    const url = /workloads API at (http:\/\/\S+)/.exec(after.err.join(''))![1]!;
    const refused = await fetch(`${url}/workloads`, { headers: { 'X-API-Key': key } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/not known.*revoked/);
    signals.emit('SIGINT');
    expect(await restarted).toBe(0);
  });

  it('says why it cannot start, with status 1', async () => {
    const run = bufferedIo();
    const code = await serveCommand(
      request(['serve', '--port', '0', '--database-url', 'postgres://nobody@127.0.0.1:1/none']),
      run.io,
    );
    expect(code).toBe(1);
    expect(run.err.join('')).toMatch(/could not start: .*ECONNREFUSED/);
  });
});
