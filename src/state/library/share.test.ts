import { describe, expect, it, vi } from 'vitest';
import type { WorkloadRepository } from '../../api/repository';
import { encodeSharedText, shareLinkFor } from '../../api/share-link';
import { createDocumentStore, hasChanges } from '../document/store';
import { linkFor } from './link';
import { openShareLink, shareArrivalIn, withoutShareFragment } from './share';
import { createLibraryStore } from './store';
import { workloadText } from '../../../test/support/library';

const page = 'https://designer.example/app/';
const shared = `${workloadText('shared-one')}# ünïcödé ✓ and trailing spaces   \n\n`;
const linkTo = (text: string) => {
  const link = shareLinkFor(text, page);
  if (!link.ok) throw new Error(link.message);
  return link.url;
};

function setUp(text = '', origin: string | null = null) {
  const document = createDocumentStore({ text, origin });
  const library = createLibraryStore({ storage: {}, makeRepository: () => ({ id: 'local' }) as WorkloadRepository });
  return { document, library };
}

describe('a share link arriving', () => {
  it('carries the text byte for byte', () => {
    expect(shareArrivalIn(linkTo(shared))).toEqual({ kind: 'workload', text: shared });
    expect(shareArrivalIn(page)).toEqual({ kind: 'none' });
    expect(shareArrivalIn(`${page}#other=1`)).toEqual({ kind: 'none' });
  });

  it('says so when the link was cut off or is no workload', () => {
    const url = linkTo(shared);
    expect(shareArrivalIn(url.slice(0, -12))).toMatchObject({ kind: 'broken', message: /damaged or incomplete/ });
    const notWorkload = `${page}#score=${encodeSharedText('- just\n- a list\n')}`;
    expect(shareArrivalIn(notWorkload)).toMatchObject({ kind: 'broken', message: /not opened.*a list/ });
  });

  it('reads a link as a file is read: U+FFFD is text, and lone carriage returns become line feeds', () => {
    const replacement = shared.replace('ü', '\ufffd');
    expect(shareArrivalIn(linkTo(replacement))).toEqual({ kind: 'workload', text: replacement });
    const mac = shared.replace(/\n/g, '\r');
    expect(shareArrivalIn(linkTo(mac))).toEqual({
      kind: 'workload',
      text: shared,
      note: expect.stringMatching(/carriage returns alone/),
    });
  });

  it('leaves the address without the share fragment, keeping other fragment parts', () => {
    expect(withoutShareFragment(`${page}#score=abc`)).toBe(page);
    expect(withoutShareFragment(`${page}#a=1&score=abc&b=2`)).toBe(`${page}#a=1&b=2`);
    expect(withoutShareFragment(page)).toBe(page);
  });
});

describe('opening a share link', () => {
  it('opens the text as a new draft, linked to no saved workload', async () => {
    const { document, library } = setUp(workloadText('shared-one'), 'the saved workload “shared-one”');
    library.getState().setLink(linkFor('local', 'shared-one', workloadText('shared-one')));
    const confirmReplace = vi.fn(async () => true);
    expect(await openShareLink(linkTo(shared), { document, library, confirmReplace })).toBe('opened');
    expect(confirmReplace).not.toHaveBeenCalled(); // nothing unsaved to lose
    expect(document.getState().text).toBe(shared);
    expect(document.getState().origin).toBe('a share link');
    // Saving it now makes a new workload (or asks before replacing one): the saved one is safe.
    expect(library.getState().link).toBeNull();
  });

  it('opens a link with classic Mac line ends as a file would be opened: line feeds, and a word', async () => {
    const { document, library } = setUp();
    const confirmReplace = vi.fn(async () => true);
    const mac = shared.replace(/\n/g, '\r');
    expect(await openShareLink(linkTo(mac), { document, library, confirmReplace })).toBe('opened');
    expect(document.getState().text).toBe(shared);
    expect(document.getState().message).toMatchObject({ kind: 'info', text: /carriage returns alone/ });
  });

  it('asks before replacing unsaved changes, and keeps them when the user says no', async () => {
    const mine = workloadText('mine');
    const { document, library } = setUp(mine, 'a template');
    document.getState().typeText(`${mine}# unsaved\n`);
    const confirmReplace = vi.fn(async () => false);
    expect(await openShareLink(linkTo(shared), { document, library, confirmReplace })).toBe('kept');
    expect(confirmReplace).toHaveBeenCalledWith('mine');
    expect(document.getState().text).toBe(`${mine}# unsaved\n`);
    expect(hasChanges(document.getState())).toBe(true);
    expect(document.getState().message?.text).toMatch(/not opened.*unsaved changes are kept/);

    confirmReplace.mockResolvedValue(true);
    expect(await openShareLink(linkTo(shared), { document, library, confirmReplace })).toBe('opened');
    expect(document.getState().text).toBe(shared);
  });

  it('opens on the start screen, and shows why a broken link was not opened', async () => {
    const { document, library } = setUp();
    const confirmReplace = vi.fn(async () => true);
    expect(await openShareLink(linkTo(shared).slice(0, -5), { document, library, confirmReplace })).toBe('broken');
    expect(document.getState().origin).toBeNull();
    expect(document.getState().message).toMatchObject({ kind: 'error', text: /damaged/ });
    expect(await openShareLink(page, { document, library, confirmReplace })).toBe('none');
    expect(await openShareLink(linkTo(shared), { document, library, confirmReplace })).toBe('opened');
    expect(document.getState().text).toBe(shared);
  });
});
