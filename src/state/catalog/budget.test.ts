import { describe, expect, it } from 'vitest';
import type { CatalogFile } from '../../core/catalog';
import type { CheckTimers } from '../document/check/timers';
import { FILE_TIME_BUDGET_MS, readFileApart, type ReaderWorker } from './reader-client';
import type { ReaderReply, ReaderRequest } from './reader-protocol';
import { createCatalogStore, openCatalogStore } from './store';
import { memoryStorage } from '../../../test/support/library';

/**
 * A provisioners file over a budget is refused with the reason and never stored: read in the store
 * (here, without workers, in the same thread, as in Node) and in the page's reader, whose worker is
 * ended past the time budget.
 */
const slow = (name: string): CatalogFile => ({
  name,
  text: `- uri: template://acme/slow\n  type: postgres\n  outputs: |\n    n: {{ range until 1000000000 }}x{{ end }}\n`,
});
const good: CatalogFile = {
  name: 'acme.provisioners.yaml',
  text: '- uri: template://acme/queue\n  type: queue\n  expected_outputs: [url]\n  outputs: "url: amqp://acme-queue"\n',
};

describe('the catalog store and a file over the template budget', () => {
  it('refuses it with the provisioner, the template and the limit, and stores nothing', async () => {
    const storage = memoryStorage();
    const store = createCatalogStore({ storage });
    const result = await store.getState().addFile(slow('slow.provisioners.yaml'));
    expect(result).toEqual({
      error: expect.stringMatching(
        /^“slow\.provisioners\.yaml” was not loaded: slow\.provisioners\.yaml: provisioner 0 \(template:\/\/acme\/slow\) goes over the template budget, so the file is not loaded: outputs template failed: .*error calling until: the result would hold 1,000,000,000 items/,
      ) as unknown,
    });
    expect(store.getState().files).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it('drops one stored before the budgets, with the reason, and keeps the others', async () => {
    const storage = memoryStorage();
    storage.setItem('score-designer.catalog.v1', JSON.stringify([good, slow('old-slow.provisioners.yaml')]));
    const store = await openCatalogStore({ storage });
    const state = store.getState();
    expect(state.files.map((f) => f.name)).toEqual(['acme.provisioners.yaml']);
    expect(state.problems).toEqual([
      {
        file: 'old-slow.provisioners.yaml',
        error: expect.stringMatching(/goes over the template budget.* It was removed\.$/) as unknown,
      },
    ]);
    expect(JSON.parse(storage.data.get('score-designer.catalog.v1')!)).toEqual([good]);
    expect(state.catalog.entries[0]).toMatchObject({ type: 'queue', source: { file: 'acme.provisioners.yaml' } });
  });

  it('waits for the reading apart, and runs no template of the file itself', async () => {
    const asked: string[] = [];
    const store = createCatalogStore({
      readApart: (file) => {
        asked.push(file.name);
        return Promise.resolve({ error: 'its templates ran longer than 6 seconds.', refused: true });
      },
    });
    expect(await store.getState().addFile(good)).toEqual({
      error: '“acme.provisioners.yaml” was not loaded: its templates ran longer than 6 seconds.',
    });
    expect(asked).toEqual(['acme.provisioners.yaml']);
    expect(store.getState().files).toEqual([]);
  });
});

/** Timers moved by hand: time passes only when the test says so. */
function handTimers() {
  let now = 0;
  const due: Array<{ at: number; run: () => void; id: number }> = [];
  let next = 0;
  const timers: CheckTimers = {
    after: (ms, run) => {
      const id = ++next;
      due.push({ at: now + ms, run, id });
      return id;
    },
    cancel: (handle) => {
      const i = due.findIndex((d) => d.id === handle);
      if (i >= 0) due.splice(i, 1);
    },
    atNextFrame: (run) => (run(), () => {}),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const d of due.filter((x) => x.at <= now)) {
      timers.cancel(d.id);
      d.run();
    }
  };
  return { timers, advance };
}

/** A worker whose template never ends: it starts, says which provisioner runs, and says nothing more. */
function stuckWorker() {
  const log: string[] = [];
  const worker: ReaderWorker = {
    onmessage: null,
    onerror: null,
    postMessage(request: ReaderRequest) {
      log.push(`read ${request.file.name}`);
      reply({ running: 'provisioner 0 (template://acme/slow)' });
    },
    terminate: () => void log.push('terminated'),
  };
  const reply = (data: ReaderReply) => worker.onmessage?.({ data } as MessageEvent<ReaderReply>);
  return { worker, log, reply };
}

describe('the page’s reader of provisioner files', () => {
  it('ends the worker past the time budget, counted from when its code is here, and refuses the file', async () => {
    const { timers, advance } = handTimers();
    const stuck = stuckWorker();
    const read = readFileApart(slow('slow.provisioners.yaml'), { makeWorker: () => stuck.worker, timers });
    advance(20_000); // the code downloading: not the file's time
    stuck.reply({ ready: true });
    advance(FILE_TIME_BUDGET_MS - 1);
    expect(stuck.log).toEqual(['read slow.provisioners.yaml']);
    advance(1);
    expect(await read).toEqual({
      error:
        'its templates ran longer than 6 seconds, the time budget of a provisioners file (provisioner 0 (template://acme/slow) was running); they were stopped.',
      refused: true,
    });
    expect(stuck.log).toEqual(['read slow.provisioners.yaml', 'terminated']);
  });

  it('refuses the file when a template breaks the worker (its memory), and does not refuse it when the code never came', async () => {
    const { timers, advance } = handTimers();
    const broken = stuckWorker();
    const read = readFileApart(good, { makeWorker: () => broken.worker, timers });
    broken.reply({ ready: true });
    broken.worker.onerror?.({ message: 'Out of memory', preventDefault() {} } as ErrorEvent);
    expect(await read).toEqual({
      error:
        'reading it stopped the reader in provisioner 0 (template://acme/slow): Out of memory (a template over the memory budget?).',
      refused: true,
    });
    expect(broken.log).toContain('terminated');

    const never = stuckWorker();
    const unread = readFileApart(good, { makeWorker: () => never.worker, timers });
    advance(30_000);
    expect(await unread).toMatchObject({ refused: false, error: expect.stringMatching(/did not start/) as unknown });
  });

  it('gives the entries the worker made, and ends it', async () => {
    const { timers } = handTimers();
    const w = stuckWorker();
    const read = readFileApart(good, { makeWorker: () => w.worker, timers });
    w.reply({ ready: true });
    w.reply({ entries: [] });
    expect(await read).toEqual({ entries: [] });
    expect(w.log).toEqual(['read acme.provisioners.yaml', 'terminated']);
  });
});
