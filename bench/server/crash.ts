import { startServerProcess } from '../../test/support/server-process';

/**
 * The server killed with SIGKILL while writes are under way, then started again, `trials` times on
 * one data folder. Every write the server acknowledged must be there after the restart (a write
 * that was in flight at the kill may have landed or not: either is right), and the database must
 * open every time.
 */
export interface CrashResult {
  trials: number;
  acknowledgedWrites: number;
  missingAfterRestart: number;
  failedRestarts: number;
  restartMs: { median: number; max: number };
  problems: string[];
}

const WRITERS = 8;

const textOf = (name: string, n: number) =>
  `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\ncontainers:\n  web:\n    image: "busybox"\n    variables:\n      WRITE: "${n}"   # write ${n}\n`;

export async function runCrashTrials(dataDir: string, key: string, trials = 20): Promise<CrashResult> {
  const headers = { 'X-API-Key': key, 'Content-Type': 'application/x-yaml' };
  /** Per workload: the last acknowledged text, and texts sent but not answered (may or may not have landed). */
  const state = new Map<string, { acked: string | undefined; pending: Set<string> }>();
  let acknowledged = 0;
  let missing = 0;
  let failedRestarts = 0;
  const restarts: number[] = [];
  const problems: string[] = [];
  let write = 0;

  for (let trial = 0; trial < trials; trial++) {
    let server;
    try {
      server = await startServerProcess(dataDir);
    } catch (error) {
      failedRestarts++;
      problems.push(`trial ${trial}: ${(error as Error).message.slice(0, 300)}`);
      break;
    }
    if (trial > 0) restarts.push(server.startMs);
    // Everything acknowledged before the kill is there (or a later write that was in flight).
    for (const [name, s] of state) {
      if (s.acked === undefined) continue;
      const response = await fetch(`${server.apiUrl}/workloads/${name}`, {
        headers: { ...headers, Accept: 'application/x-yaml' },
      });
      const text = response.status === 200 ? await response.text() : undefined;
      if (text === s.acked || (text !== undefined && s.pending.has(text))) {
        s.acked = text;
        s.pending.clear();
      } else {
        missing++;
        problems.push(
          `trial ${trial}: ${name} is ${text === undefined ? `gone (${response.status})` : 'an older text'}`,
        );
      }
    }
    // Writers create and update as fast as they can, until the kill.
    let killed = false;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      while (!killed) {
        const name = `crash-${trial}-${w}-${Math.floor(Math.random() * 3)}`;
        const s = state.get(name) ?? { acked: undefined, pending: new Set<string>() };
        state.set(name, s);
        const text = textOf(name, ++write);
        s.pending.add(text);
        try {
          const response = await fetch(
            s.acked === undefined ? `${server.apiUrl}/workloads` : `${server.apiUrl}/workloads/${name}`,
            { method: s.acked === undefined ? 'POST' : 'PUT', headers, body: text },
          );
          if (response.status === 200 || response.status === 201) {
            s.acked = text;
            s.pending.delete(text);
            acknowledged++;
          } else if (!killed) problems.push(`trial ${trial}: ${name} → ${response.status}`);
        } catch {
          // The server is gone: this write's fate is unknown, and it stays pending.
        }
      }
    });
    // The kill comes at a random moment once writes are flowing (the first ones wait for the server to warm up).
    const flowing = acknowledged + WRITERS;
    const waitUntil = performance.now() + 30_000;
    while (acknowledged < flowing && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1300));
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all(writers);
  }
  // A last start: the database opens after the last kill, and the last acknowledged writes are there.
  try {
    const server = await startServerProcess(dataDir);
    restarts.push(server.startMs);
    for (const [name, s] of state) {
      if (s.acked === undefined) continue;
      const response = await fetch(`${server.apiUrl}/workloads/${name}`, {
        headers: { ...headers, Accept: 'application/x-yaml' },
      });
      const text = response.status === 200 ? await response.text() : undefined;
      if (!(text === s.acked || (text !== undefined && s.pending.has(text)))) {
        missing++;
        problems.push(`after the last kill: ${name} is missing or older`);
      }
    }
    await server.stop('SIGTERM');
  } catch (error) {
    failedRestarts++;
    problems.push(`final start: ${(error as Error).message.slice(0, 300)}`);
  }
  const sorted = [...restarts].sort((a, b) => a - b);
  return {
    trials,
    acknowledgedWrites: acknowledged,
    missingAfterRestart: missing,
    failedRestarts,
    restartMs: {
      median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
      max: Math.round(sorted.at(-1) ?? NaN),
    },
    problems: problems.slice(0, 10),
  };
}
