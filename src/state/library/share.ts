import { readShareLink, SHARE_KEY } from '../../api/share-link';
import { hasChanges, isOpen, type DocumentStore } from '../document/store';
import type { LibraryStore } from './store';
import { readWorkloadText } from '../document/open-file';

/**
 * Opening a share link (`#score=…`): the workload it carries opens as a new draft. It never
 * overwrites saved work: the library's copy is untouched (the new draft is linked to no saved
 * workload, so Save makes a new one, or asks before replacing one of the same name), and unsaved
 * changes in the editor are only replaced when the user says so.
 */
export type ShareArrival =
  | { kind: 'none' }
  | { kind: 'broken'; message: string }
  | { kind: 'workload'; text: string; /** What reading it changed (line ends), to tell the user. */ note?: string };

export function shareArrivalIn(url: string): ShareArrival {
  const shared = readShareLink(url);
  if (shared === undefined) return { kind: 'none' };
  if (!shared.ok) return { kind: 'broken', message: shared.message };
  const reading = readWorkloadText(shared.text);
  if (!reading.ok) return { kind: 'broken', message: `The shared workload was not opened. ${reading.message}` };
  // The text as reading made it (line ends converted), as for a file.
  return reading.note
    ? { kind: 'workload', text: reading.text, note: reading.note }
    : { kind: 'workload', text: reading.text };
}

/** The address without the share fragment (other fragment parts stay), so that a reload does not open it again. */
export function withoutShareFragment(url: string): string {
  const hash = url.indexOf('#');
  if (hash < 0) return url;
  const rest = url
    .slice(hash + 1)
    .split('&')
    .filter((part) => part !== '' && !part.startsWith(`${SHARE_KEY}=`));
  return url.slice(0, hash) + (rest.length ? `#${rest.join('&')}` : '');
}

export type ShareOpening = 'opened' | 'kept' | 'broken' | 'none';

export interface ShareOpeningDeps {
  document: DocumentStore;
  library: LibraryStore;
  /** Asks the user whether to replace unsaved changes; resolves to their answer. */
  confirmReplace: (workloadName: string | undefined) => Promise<boolean>;
}

/**
 * Opens the workload of a share link. 'kept' means the user kept their unsaved changes: the link is
 * left in the address bar, so that they can save first and reload to open it.
 */
export async function openShareLink(url: string, deps: ShareOpeningDeps): Promise<ShareOpening> {
  const arrival = shareArrivalIn(url);
  const { document, library } = deps;
  if (arrival.kind === 'none') return 'none';
  if (arrival.kind === 'broken') {
    document.getState().say('error', arrival.message);
    return 'broken';
  }
  const current = document.getState();
  if (isOpen(current) && hasChanges(current) && current.text !== arrival.text) {
    const ok = await deps.confirmReplace(nameOf(current));
    if (!ok) {
      document
        .getState()
        .say(
          'info',
          'The shared workload was not opened: your unsaved changes are kept. Save them, then reload the page to open the link.',
        );
      return 'kept';
    }
  }
  library.getState().setLink(null);
  document.getState().open(arrival.text, 'a share link');
  if (arrival.note) document.getState().say('info', `The share link: ${arrival.note}`);
  return 'opened';
}

function nameOf(state: ReturnType<DocumentStore['getState']>): string | undefined {
  const value = state.readable.parsed.value as { metadata?: { name?: unknown } } | null | undefined;
  const name = value?.metadata?.name;
  return typeof name === 'string' ? name : undefined;
}
