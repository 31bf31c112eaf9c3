import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpWorkloadRepository } from '../../api/http-repository';
import { createDocumentStore, type DocumentStore } from '../document/store';
import { saveOpenWorkload } from './save';
import { createLibraryStore, followDocument, type LibraryStore } from './store';
import { memoryStorage, workloadText } from '../../../test/support/library';
import { startTestServer, type TestServer } from '../../../test/support/workloads-server';

/**
 * Save against a real workloads server (on PGlite), across a page reload: the page is made again
 * from what the browser kept (the draft's text and the library's link in storage) with a new
 * repository object, which has read nothing yet. A save must still be based on the version the text
 * was saved as, so that what someone else saved meanwhile is not overwritten unasked.
 */
let target: TestServer | undefined;

beforeAll(async () => {
  target = await startTestServer();
}, 120_000);

afterAll(async () => {
  await target?.stop();
});

beforeEach(async () => {
  await target!.reset();
});

const storage = { local: memoryStorage() };

/** One page: a document with `text` and a library on the server, its link read from the kept storage. */
function page(text: string): { document: DocumentStore; library: LibraryStore; client: QueryClient } {
  const repository = new HttpWorkloadRepository({
    baseUrl: target!.apiUrl,
    credentials: { kind: 'api-key', key: target!.key },
    keepsText: true,
  });
  const document = createDocumentStore({ text, origin: 'the autosaved draft' });
  const library = createLibraryStore({ storage, makeRepository: () => repository });
  followDocument(library, document);
  return { document, library, client: new QueryClient() };
}

/** Someone else saves the workload, through their own client. */
async function saveElsewhere(name: string, text: string) {
  const theirs = new HttpWorkloadRepository({
    baseUrl: target!.apiUrl,
    credentials: { kind: 'api-key', key: target!.key },
    keepsText: true,
  });
  await theirs.get(name);
  await theirs.update(name, { text });
}

describe('Save to a server after a page reload', () => {
  it('is based on the version saved before the reload: a newer one saved elsewhere is a conflict', async () => {
    const text = workloadText('reloaded');
    const before = page(text);
    expect(await saveOpenWorkload(before.document, before.library, before.client)).toMatchObject({ kind: 'saved' });
    expect(before.library.getState().link?.version).toMatch(/^"/);

    // The page is reloaded: the draft comes back as the text it was saved as, the link from storage.
    const after = page(text);
    expect(after.library.getState().link?.name).toBe('reloaded');

    await saveElsewhere('reloaded', workloadText('reloaded', 'nginx:1.29'));
    after.document.getState().typeText(`${text}# mine\n`);
    expect(await saveOpenWorkload(after.document, after.library, after.client)).toEqual({
      kind: 'conflict',
      name: 'reloaded',
      changed: true,
    });
    // Theirs is untouched; overwriting is the user's choice, and then the new version is kept.
    const stored = await new HttpWorkloadRepository({
      baseUrl: target!.apiUrl,
      credentials: { kind: 'api-key', key: target!.key },
      keepsText: true,
    }).get('reloaded');
    expect(stored.text).toBe(workloadText('reloaded', 'nginx:1.29'));
    expect(await saveOpenWorkload(after.document, after.library, after.client, { replace: true })).toMatchObject({
      kind: 'saved',
      created: false,
    });
    expect(after.library.getState().link?.version).not.toBe(before.library.getState().link?.version);
  });

  it('saves over its own version after a reload when nobody else saved', async () => {
    const text = workloadText('mine-only');
    const before = page(text);
    await saveOpenWorkload(before.document, before.library, before.client);
    const after = page(text);
    after.document.getState().typeText(`${text}# edited after the reload\n`);
    expect(await saveOpenWorkload(after.document, after.library, after.client)).toEqual({
      kind: 'saved',
      name: 'mine-only',
      created: false,
    });
  });
});
