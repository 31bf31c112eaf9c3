import { describe, expect, it } from 'vitest';
import type { WorkloadRepository } from '../../api/repository';
import { createDocumentStore } from '../document/store';
import { linkFor, LINK_KEY } from './link';
import { SECRET_KEY, type LibrarySettings } from './settings';
import { createLibraryStore, followDocument, repositoryMaker } from './store';
import { memoryStorage, workloadText } from '../../../test/support/library';

const remote: LibrarySettings = {
  repository: 'remote',
  baseUrl: 'http://127.0.0.1:4010/',
  auth: 'api-key',
  secret: 'k-123',
  remember: false,
};

const fakeLocal = { id: 'local' } as WorkloadRepository;

describe('the library store', () => {
  it('uses the browser library until told otherwise, then the configured server', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createLibraryStore({ storage: { local, session }, makeRepository: repositoryMaker(() => fakeLocal) });
    expect(store.getState().repository).toBe(fakeLocal);

    store.getState().applySettings(remote);
    const repository = store.getState().repository;
    expect(repository.id).toBe('remote:http://127.0.0.1:4010');
    expect(repository.keepsText).toBe(false);
    expect(session.data.get(SECRET_KEY)).toBe('k-123');

    // The same settings again keep the same repository (and its cache); other credentials do not.
    store.getState().applySettings({ ...remote });
    expect(store.getState().repository).toBe(repository);
    store.getState().applySettings({ ...remote, secret: 'k-456' });
    expect(store.getState().repository).not.toBe(repository);

    // A reload in the same session comes back to the server, with the token.
    const again = createLibraryStore({ storage: { local, session }, makeRepository: repositoryMaker(() => fakeLocal) });
    expect(again.getState().repository.id).toBe('remote:http://127.0.0.1:4010');
    expect(again.getState().settings.secret).toBe('k-456');

    store.getState().applySettings({ ...remote, repository: 'local' });
    expect(store.getState().repository).toBe(fakeLocal);
  });

  it('falls back to the browser library when the stored address is unusable', () => {
    const make = repositoryMaker(() => fakeLocal);
    expect(make({ ...remote, baseUrl: 'not an address' })).toBe(fakeLocal);
  });

  it('keeps the link in storage', () => {
    const local = memoryStorage();
    const store = createLibraryStore({ storage: { local }, makeRepository: () => fakeLocal });
    const link = linkFor('local', 'shop', workloadText('shop'));
    store.getState().setLink(link);
    expect(JSON.parse(local.data.get(LINK_KEY) ?? 'null')).toEqual(link);
    expect(createLibraryStore({ storage: { local }, makeRepository: () => fakeLocal }).getState().link).toEqual(link);
  });

  it('drops the link when another text is opened, and keeps it while the user edits', () => {
    const text = workloadText('shop');
    const document = createDocumentStore({ text, origin: 'the saved workload “shop”' });
    const library = createLibraryStore({ storage: {}, makeRepository: () => fakeLocal });
    library.getState().setLink(linkFor('local', 'shop', text));
    const stop = followDocument(library, document);

    document.getState().replaceText(`${text}# more\n`);
    expect(library.getState().link?.name).toBe('shop');

    document.getState().open(workloadText('other'), 'the file “other.yaml”');
    expect(library.getState().link).toBeNull();
    stop();
  });

  it('drops a stored link at start-up that is not about the recovered draft', () => {
    const local = memoryStorage();
    const before = createLibraryStore({ storage: { local }, makeRepository: () => fakeLocal });
    before.getState().setLink(linkFor('local', 'shop', workloadText('shop')));
    const library = createLibraryStore({ storage: { local }, makeRepository: () => fakeLocal });
    const document = createDocumentStore({ text: workloadText('else'), origin: 'a template' });
    followDocument(library, document)();
    expect(library.getState().link).toBeNull();
    expect(local.data.has(LINK_KEY)).toBe(false);
  });
});
