import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { GraphNode } from '../../core/graph';
import { createListenersById } from '../common/listeners-by-id';
import { sameContent } from './to-flow';

/**
 * What each node of the canvas shows (its name, image, ports, problems), kept apart from React
 * Flow's node objects. Those then change only when a node comes, goes, moves or is selected: an
 * edit that changes what one node shows (a problem, an image) re-renders that node's component
 * alone, and React Flow's store, whose every node and edge listens to it (about 2,400 listeners on
 * the 100×100 workload), is not touched.
 */
export interface NodeContent {
  /** Takes the nodes of a new graph; the components of the nodes whose content changed re-render. */
  update(nodes: readonly GraphNode[]): void;
  get(id: string): GraphNode | undefined;
  subscribe(id: string, listener: () => void): () => void;
}

export function createNodeContent(): NodeContent {
  let byId = new Map<string, GraphNode>();
  const listeners = createListenersById();
  return {
    update(nodes) {
      const next = new Map<string, GraphNode>();
      const changed: string[] = [];
      for (const node of nodes) {
        const last = byId.get(node.id);
        // Equal content keeps the object it had, so that the node's component sees no change.
        if (last && sameContent(last, node)) next.set(node.id, last);
        else {
          next.set(node.id, node);
          changed.push(node.id);
        }
      }
      byId = next;
      listeners.tell(changed);
    },
    get: (id) => byId.get(id),
    subscribe: listeners.subscribe,
  };
}

const NodeContentContext = createContext<NodeContent | null>(null);

export const NodeContentProvider = NodeContentContext.Provider;

/** What the node `id` shows; undefined only for a node the canvas has not been given yet. */
export function useNodeContent(id: string): GraphNode | undefined {
  const content = useContext(NodeContentContext);
  if (!content) throw new Error('useNodeContent needs the graph canvas above it');
  const subscribe = useCallback((listener: () => void) => content.subscribe(id, listener), [content, id]);
  return useSyncExternalStore(subscribe, () => content.get(id));
}
