import { useMemo } from 'react';
import { newProjectWorkload, peerNodeId, projectPeer, WORKLOAD_ID, type ProjectPeer } from '../../core/graph';
import { parseWorkloadText } from '../../core/document/parse';
import { useDocumentStore } from '../../state/document/context';
import { hasChanges } from '../../state/document/store';
import { useProject, useProjectStore } from '../../state/project/context';
import { activeIndex, workloadNames, type ProjectWorkload } from '../../state/project/store';
import { useOptionalConfirm } from '../dialog/confirm';
import type { ProjectControls } from '../intents/table';
import { templateList } from '../../core/templates/list';

/** The blank template's text, loaded as the templates are (one small chunk of its own). */
const blankWorkload = () => templateList.find((t) => t.name === 'my-workload')!.load();

/**
 * The project's workloads as the canvas's intents reach them (Add workload, Edit this workload, Close
 * workload): by node id, the workload's own node (`workload`) or a peer's (`peer:NAME`). Undefined
 * where the page has no project (the canvas mounted alone).
 */
export function useProjectControls(): ProjectControls | undefined {
  const project = useProjectStore();
  const document = useDocumentStore();
  const confirm = useOptionalConfirm();
  return useMemo(() => {
    if (!project) return undefined;
    const indexOf = (id: string) =>
      id === WORKLOAD_ID
        ? activeIndex(project.getState())
        : workloadNames(project, document).findIndex((name) => peerNodeId(name) === id);
    return {
      size: () => project.getState().workloads.length,
      add: () =>
        void blankWorkload().then((blank) =>
          project.getState().add(newProjectWorkload(blank, workloadNames(project, document)), 'a new workload'),
        ),
      edit(id) {
        const index = indexOf(id);
        if (index >= 0) project.getState().select(index);
      },
      close(id) {
        const index = indexOf(id);
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
          const now = indexOf(id);
          if (ok && now >= 0) project.getState().remove(now);
        });
      },
    };
  }, [project, document, confirm]);
}

/** Each workload put aside, read once (it does not change while it is aside). */
const peerOf = new WeakMap<ProjectWorkload, ProjectPeer>();

/** The project's other workloads as the canvas draws them (core/graph/project.ts), in order. */
export function useProjectPeers(): readonly ProjectPeer[] {
  const workloads = useProject((s) => s.workloads);
  return useMemo(
    () =>
      workloads.flatMap((w) => {
        if (!w) return [];
        let peer = peerOf.get(w);
        if (!peer) peerOf.set(w, (peer = projectPeer(parseWorkloadText(w.text))));
        return [peer];
      }),
    [workloads],
  );
}
