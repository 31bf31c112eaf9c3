import { WORKLOAD_NAME_PATTERN } from '../../api/contract';
import { nameIn } from '../../api/repository';
import { parseWorkloadText } from '../../core/document/parse';
import type { KeyValueStorage } from '../browser/storage';

/**
 * Which saved workload the open text belongs to, so that Save updates it rather than making a new
 * one. The link holds a fingerprint of the text as saved (the document's `openedText` after a save
 * or an open from the library): opening anything else changes `openedText`, and the link no longer
 * applies. It is kept in localStorage, beside the autosaved draft, so that it survives a reload.
 */
export interface SavedLink {
  /** The repository it was saved to (WorkloadRepository.id). */
  repositoryId: string;
  name: string;
  fingerprint: string;
  /**
   * The version of the saved workload the text was opened or saved as (a server's ETag). Kept with
   * the link so that, after a reload, a save still says which version it changes and a newer one
   * saved elsewhere is not overwritten unasked.
   */
  version?: string;
}

export const LINK_KEY = 'score-designer.library.open';

/** A short, stable digest of a text (not for security: it only tells texts apart). */
export function fingerprintOf(text: string): string {
  // cyrb53: two 32-bit FNV-like lanes, 53 bits in all, plus the length.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${text.length.toString(36)}-${hash.toString(36)}`;
}

export function linkFor(repositoryId: string, name: string, savedText: string, version?: string): SavedLink {
  return { repositoryId, name, fingerprint: fingerprintOf(savedText), ...(version ? { version } : {}) };
}

/** Whether the link is about this text as opened (or last saved). */
export function linkApplies(link: SavedLink | null, openedText: string): link is SavedLink {
  return link !== null && link.fingerprint === fingerprintOf(openedText);
}

export type SavePlan =
  | { kind: 'create'; name: string }
  /** `basedOn`: the version the text was opened or last saved as, where the library tracks versions. */
  | { kind: 'update'; name: string; basedOn?: string }
  | { kind: 'refuse'; message: string };

/**
 * What Save does with this text: update the saved workload it was opened from (same repository,
 * same name), or create a new one. A text without a usable name cannot be saved: the API keys
 * workloads by `metadata.name`.
 */
export function planSave(text: string, openedText: string, link: SavedLink | null, repositoryId: string): SavePlan {
  const parsed = parseWorkloadText(text);
  if (parsed.blocked) {
    return { kind: 'refuse', message: 'The YAML cannot be read: fix the problems shown, then save again.' };
  }
  const name = nameIn(parsed.value);
  if (name === undefined || name === '') {
    return { kind: 'refuse', message: 'Give the workload a name (metadata.name) to save it in the library.' };
  }
  if (!WORKLOAD_NAME_PATTERN.test(name)) {
    return {
      kind: 'refuse',
      message:
        `The name “${name.length > 70 ? `${name.slice(0, 70)}…` : name}” cannot be saved: a workload’s name is ` +
        '2 to 63 lowercase letters, digits and “-”, starting and ending with a letter or digit.',
    };
  }
  const linked = linkApplies(link, openedText) && link.repositoryId === repositoryId && link.name === name;
  if (!linked) return { kind: 'create', name };
  return link.version ? { kind: 'update', name, basedOn: link.version } : { kind: 'update', name };
}

export function loadLink(storage: KeyValueStorage | undefined): SavedLink | null {
  try {
    const value = JSON.parse(storage?.getItem(LINK_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v['repositoryId'] !== 'string' || typeof v['name'] !== 'string' || typeof v['fingerprint'] !== 'string')
      return null;
    const link: SavedLink = { repositoryId: v['repositoryId'], name: v['name'], fingerprint: v['fingerprint'] };
    if (typeof v['version'] === 'string' && v['version'] !== '') link.version = v['version'];
    return link;
  } catch {
    return null;
  }
}

export function storeLink(storage: KeyValueStorage | undefined, link: SavedLink | null): void {
  try {
    if (link) storage?.setItem(LINK_KEY, JSON.stringify(link));
    else storage?.removeItem(LINK_KEY);
  } catch {
    // Without storage the link lasts for this page only.
  }
}
