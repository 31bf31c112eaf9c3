/**
 * Listeners kept by the id of what they listen to (a node, an edge): telling the ids that changed
 * calls their listeners alone, so that a change re-renders the components of those elements and no
 * other. What the canvas hands its nodes and edges apart from React Flow (node-content.tsx,
 * label-places.ts) is told through one of these; useSyncExternalStore subscribes to it.
 */
export interface ListenersById {
  subscribe(id: string, listener: () => void): () => void;
  /** Calls the listeners of each of `ids`. */
  tell(ids: Iterable<string>): void;
}

export function createListenersById(): ListenersById {
  const listeners = new Map<string, Set<() => void>>();
  return {
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    tell(ids) {
      for (const id of ids) listeners.get(id)?.forEach((listener) => listener());
    },
  };
}
