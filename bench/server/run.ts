import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBenchPart } from '../results-file';
import { runCrashTrials } from './crash';
import { runLoad } from './load';
import { createKey, startServerProcess } from '../../test/support/server-process';

/**
 * `npm run bench:server`: the workloads server on its embedded database (PGlite), run as
 * `score-designer serve` in its own process. Load: 50 clients for 60 s. Faults: SIGKILL during
 * writes, 20 times. Figures go to the "server" part of bench/results.json, with the machine's load.
 * BENCH_SERVER_SECONDS and BENCH_SERVER_TRIALS shorten a trial run.
 */
const seconds = Number(process.env['BENCH_SERVER_SECONDS'] ?? 60);
const trials = Number(process.env['BENCH_SERVER_TRIALS'] ?? 20);
const resultsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results.json');

const loadBefore = loadavg();
const loadDir = mkdtempSync(path.join(tmpdir(), 'score-designer-bench-load-'));
const crashDir = mkdtempSync(path.join(tmpdir(), 'score-designer-bench-crash-'));
try {
  console.log(`load: 50 clients for ${seconds} s…`);
  const loadKey = createKey(loadDir, 'bench');
  const server = await startServerProcess(loadDir);
  const load = await runLoad(server.apiUrl, loadKey, 50, seconds);
  await server.stop('SIGTERM');
  console.log(JSON.stringify(load, null, 2));

  console.log(`faults: SIGKILL during writes, ${trials} times…`);
  const crashKey = createKey(crashDir, 'bench');
  const crash = await runCrashTrials(crashDir, crashKey, trials);
  console.log(JSON.stringify(crash, null, 2));

  const loadAfter = loadavg();
  const budgets = {
    loadErrors: load.errors === 0,
    lostOrTornUpdates: load.lostOrTornUpdates === 0,
    acknowledgedWritesKept: crash.missingAfterRestart === 0,
    databaseOpensAfterEveryKill: crash.failedRestarts === 0,
  };
  await writeBenchPart(resultsFile, 'server', {
    measuredAt: new Date().toISOString(),
    database: 'PGlite (embedded), one server process',
    machine: {
      cores: cpus().length,
      loadAverage1mBefore: Math.round(loadBefore[0]! * 100) / 100,
      loadAverage1mAfter: Math.round(loadAfter[0]! * 100) / 100,
      note:
        'Measured on the shared 2-core machine while other sessions ran their own builds and tests: ' +
        'the load average above says how busy it was. On a busy host the throughput is a lower bound and ' +
        'the latencies are upper bounds; the budgets (errors, lost updates, kept writes) hold regardless.',
    },
    load,
    crash,
    budgets,
  });
  const failed = Object.entries(budgets).filter(([, ok]) => !ok);
  console.log(failed.length ? `FAILED: ${failed.map(([name]) => name).join(', ')}` : 'every budget met');
  process.exitCode = failed.length ? 1 : 0;
} finally {
  rmSync(loadDir, { recursive: true, force: true });
  rmSync(crashDir, { recursive: true, force: true });
}
