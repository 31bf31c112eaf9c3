import { useMemo, useState } from 'react';
import { drawnPeer, newProjectWorkload, peerNodeId, WORKLOAD_ID, type DrawnPeer } from '../../core/graph';
import { parseWorkloadText } from '../../core/document/parse';
import { toPointer } from '../../core/document/pointer';
import { useDocumentStore } from '../../state/document/context';
import { hasChanges, type DocumentStore } from '../../state/document/store';
import { sharedGraphLayoutStorage, type GraphLayoutStorage } from '../../state/layout/graph-layout';
import { useProject, useProjectStore } from '../../state/project/context';
import { activeIndex, workloadNames, type ProjectStore, type ProjectWorkload } from '../../state/project/store';
import { useOptionalConfirm } from '../dialog/confirm';
import type { ProjectControls } from '../intents/table';
import { templateList } from '../../core/templates/list';

/** The blank template's text, loaded as the templates are (one small chunk of its own). */
const blankWorkload = () => templateList.find((t) => t.name === 'my-workload')!.load();

/**
 * The workload of the project a node id is about, and the part of it (`container:web`) for a part
 * of its group: `workload` (the one edited), `peer:NAME`, `in:NAME/container:web`. The longest name
 * that fits wins, so that a name holding a slash is still told apart.
 */
function workloadOf(id: string, names: readonly string[], edited: number): { index: number; part?: string } {
  if (id === WORKLOAD_ID) return { index: edited };
  const peer = names.findIndex((name) => peerNodeId(name) === id);
  if (peer >= 0) return { index: peer };
  let best = -1;
  names.forEach((name, i) => {
    if (id.startsWith(`in:${name}/`) && (best < 0 || name.length > names[best]!.length)) best = i;
  });
  return best < 0 ? { index: -1 } : { index: best, part: id.slice(`in:${names[best]!}/`.length) };
}

/** The pointer a part's node id (`container:web`, `resource:db`) stands for in its own text. */
function partPointer(part: string): string | undefined {
  const at = part.indexOf(':');
  const kind = part.slice(0, at);
  if (kind !== 'container' && kind !== 'resource') return undefined;
  return toPointer([`${kind}s`, part.slice(at + 1)]);
}

/**
 * The project's workloads as the canvas's intents reach them (Add workload, Edit this workload, Close
 * workload, Collapse or expand workload): by node id. Undefined where the page has no project (the
 * canvas mounted alone). `groups`: the groups' collapse, from useProjectPeers.
 */
export function useProjectControls(groups: Pick<ProjectGroups, 'toggle'>): ProjectControls | undefined {
  const project = useProjectStore();
  const document = useDocumentStore();
  const confirm = useOptionalConfirm();
  const { toggle } = groups;
  return useMemo(() => {
    if (!project) return undefined;
    const find = (id: string) => workloadOf(id, workloadNames(project, document), activeIndex(project.getState()));
    return {
      size: () => project.getState().workloads.length,
      add: () =>
        void blankWorkload().then((blank) =>
          project.getState().add(newProjectWorkload(blank, workloadNames(project, document)), 'a new workload'),
        ),
      edit: (id) => edit(project, document, find(id)),
      close(id) {
        const { index } = find(id);
        const workload = project.getState().workloads[index];
        if (workload === undefined) return;
        const changed = hasChanges(workload ?? document.getState());
        const name = workloadNames(project, document)[index] || 'this workload';
        const asked = changed
          ? (confirm?.({
              title: 'Close a workload with unsaved changes?',
              message: `${name} has changes that are not saved in the library or exported. Closing it takes it out of the project, and the changes are lost.`,
              confirmLabel: 'Close and lose the changes',
              cancelLabel: 'Keep it open',
            }) ?? Promise.resolve(false))
          : Promise.resolve(true);
        void asked.then((ok) => {
          // Asked by name: the project may have changed while the question was open.
          const now = find(id).index;
          if (ok && now >= 0) project.getState().remove(now);
        });
      },
      toggleGroup(id) {
        const name = workloadNames(project, document)[find(id).index];
        if (name !== undefined && find(id).index !== activeIndex(project.getState())) toggle(name);
      },
    };
  }, [project, document, confirm, toggle]);
}

/** Takes up the workload found, and selects the part asked for in it (the inspector and YAML pane show it). */
function edit(project: ProjectStore, document: DocumentStore, { index, part }: { index: number; part?: string }) {
  if (index < 0 || !project.getState().select(index) || part === undefined) return;
  const pointer = partPointer(part);
  if (pointer !== undefined) document.getState().select(pointer, 'command');
}

/** Each workload put aside, read and laid out once (it does not change while it is aside). */
const drawnOf = new WeakMap<ProjectWorkload, DrawnPeer>();

export interface ProjectGroups {
  /** The project's other workloads as the canvas draws them (core/graph/project.ts), in order. */
  peers: readonly DrawnPeer[];
  /** Collapses the group of the workload named, or opens it again (kept in the layout's storage). */
  toggle(name: string): void;
}

/**
 * The project's other workloads, each read once while it is aside (not at every keystroke in the
 * one edited): its summary and its group, laid out as it was left when it was edited (its stored
 * positions), collapsed or open as last chosen for it.
 */
export function useProjectPeers(storage: GraphLayoutStorage = sharedGraphLayoutStorage()): ProjectGroups {
  const workloads = useProject((s) => s.workloads);
  const [choices, setChoices] = useState(0); // a collapse chosen: read the choices again
  const peers = useMemo(
    () =>
      workloads.flatMap((w) => {
        if (!w) return [];
        let peer = drawnOf.get(w);
        if (!peer) {
          const stored = storage.read(w.name);
          peer = drawnPeer(parseWorkloadText(w.text), stored, storage.readDirection(w.name));
          drawnOf.set(w, peer);
        }
        return [storage.readCollapsed(peer.name) ? { ...peer, collapsed: true } : peer];
      }),
    // `choices` is read through the storage: a new choice draws the peers again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [workloads, storage, choices],
  );
  const toggle = useMemo(
    () => (name: string) => {
      storage.setCollapsed(name, !storage.readCollapsed(name));
      setChoices((n) => n + 1);
    },
    [storage],
  );
  return useMemo(() => ({ peers, toggle }), [peers, toggle]);
}
