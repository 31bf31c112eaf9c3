import { describe, expect, it } from 'vitest';
import { fingerprintOf, linkApplies, linkFor, LINK_KEY, loadLink, planSave, storeLink } from './link';
import { memoryStorage, workloadText } from '../../../test/support/library';

const text = workloadText('shop');

describe('the link between the open text and a saved workload', () => {
  it('fingerprints tell texts apart, even a one-byte change', () => {
    expect(fingerprintOf(text)).toBe(fingerprintOf(`${text}`));
    expect(fingerprintOf(text)).not.toBe(fingerprintOf(`${text} `));
    expect(fingerprintOf(text)).not.toBe(fingerprintOf(text.replace('hello', 'hellO')));
    expect(fingerprintOf('')).not.toBe(fingerprintOf(' '));
  });

  it('applies only to the text it was made for', () => {
    const link = linkFor('local', 'shop', text);
    expect(linkApplies(link, text)).toBe(true);
    expect(linkApplies(link, workloadText('other'))).toBe(false);
    expect(linkApplies(null, text)).toBe(false);
  });

  it('survives a reload in storage, and damaged entries are ignored', () => {
    const storage = memoryStorage();
    const link = linkFor('remote:https://x.example', 'shop', text);
    storeLink(storage, link);
    expect(loadLink(storage)).toEqual(link);
    storeLink(storage, null);
    expect(loadLink(storage)).toBeNull();
    storage.setItem(LINK_KEY, '{"name": 3}');
    expect(loadLink(storage)).toBeNull();
    storage.setItem(LINK_KEY, 'garbage');
    expect(loadLink(storage)).toBeNull();
    expect(loadLink(undefined)).toBeNull();
  });

  it('keeps the version it was saved as across a reload, so that the next save is based on it', () => {
    const storage = memoryStorage();
    const link = linkFor('remote:https://x.example', 'shop', text, '"v7"');
    storeLink(storage, link);
    expect(loadLink(storage)).toEqual({ ...link, version: '"v7"' });
    expect(planSave(text, text, loadLink(storage), 'remote:https://x.example')).toEqual({
      kind: 'update',
      name: 'shop',
      basedOn: '"v7"',
    });
    storage.setItem(LINK_KEY, JSON.stringify({ ...link, version: 7 }));
    expect(loadLink(storage)).toEqual({ repositoryId: link.repositoryId, name: 'shop', fingerprint: link.fingerprint });
  });
});

describe('what Save does', () => {
  it('creates a workload that was never saved', () => {
    expect(planSave(text, text, null, 'local')).toEqual({ kind: 'create', name: 'shop' });
  });

  it('updates the saved workload the text was opened from, after edits too', () => {
    const link = linkFor('local', 'shop', text);
    const edited = text.replace('nginx:1.27', 'nginx:1.28');
    expect(planSave(edited, text, link, 'local')).toEqual({ kind: 'update', name: 'shop' });
  });

  it('creates rather than overwrites when the link is about something else', () => {
    const link = linkFor('local', 'shop', text);
    // Another text was opened since (a file, a template, a share link).
    const other = workloadText('shop', 'caddy:2');
    expect(planSave(other, other, link, 'local')).toEqual({ kind: 'create', name: 'shop' });
    // The name was changed: a new workload, the saved one stays.
    const renamed = text.replace('name: shop', 'name: shop-two');
    expect(planSave(renamed, text, link, 'local')).toEqual({ kind: 'create', name: 'shop-two' });
    // Another repository is active now.
    expect(planSave(text, text, link, 'remote:https://x.example')).toEqual({ kind: 'create', name: 'shop' });
  });

  it('refuses, with the reason, a text that has no usable name', () => {
    const noName = 'apiVersion: score.dev/v1b1\ncontainers:\n  web:\n    image: nginx\n';
    expect(planSave(noName, noName, null, 'local')).toMatchObject({ kind: 'refuse', message: /metadata\.name/ });
    const badName = text.replace('name: shop', 'name: My Shop');
    expect(planSave(badName, badName, null, 'local')).toMatchObject({
      kind: 'refuse',
      message: /“My Shop” cannot be saved/,
    });
    const broken = 'apiVersion: [\n';
    expect(planSave(broken, broken, null, 'local')).toMatchObject({ kind: 'refuse', message: /cannot be read/ });
  });
});
