import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite's data folder may be opened by one process only: a second one (another server, or
 * `serve keys create` while the server runs) would corrupt it. The lock is a file holding the
 * owner's process id; a lock left by a process that died (killed, crashed) is taken over.
 */
export interface DataLock {
  release(): void;
}

/** The folders this process holds (its own pid in a lock file is stale only when it is not in here). */
const held = new Set<string>();

export function lockDataDir(dir: string): DataLock {
  const file = path.join(dir, 'score-designer.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return {
        release: () => {
          held.delete(file);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      const ours = owner === process.pid;
      if (Number.isInteger(owner) && owner > 0 && (ours ? held.has(file) : isAlive(owner))) {
        throw new Error(
          `The data folder ${dir} is in use by process ${owner} (a running score-designer server?). ` +
            'Stop it first, or give another --data folder.',
          { cause: error },
        );
      }
      rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dir}: another process keeps taking it.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
