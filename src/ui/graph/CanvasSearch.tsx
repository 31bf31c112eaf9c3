import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { findNodes, type WorkloadGraph } from '../../core/graph';

/**
 * The canvas's search (Ctrl+F or / on the canvas): nodes whose name, type, class or image hold every
 * word typed are selected as it is typed; Enter zooms to them, Escape closes the search and gives the
 * focus to the first found (else back to the canvas).
 */
export function CanvasSearch({
  graph,
  onFound,
  onZoom,
  onClose,
}: {
  graph: WorkloadGraph;
  /** The nodes found for what is typed (none when it is cleared). */
  onFound: (ids: readonly string[]) => void;
  onZoom: (ids: readonly string[]) => void;
  onClose: (first: string | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const found = findNodes(graph, query);
  useEffect(() => input.current?.focus(), []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      if (found.length > 0) onZoom(found);
    } else if (e.key === 'Escape') onClose(found[0]);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="graph-search" role="search" aria-label="Find on the canvas">
      <input
        ref={input}
        type="search"
        aria-label="Find nodes by name, type or image"
        placeholder="Find by name, type or image"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          onFound(findNodes(graph, e.target.value));
        }}
        onKeyDown={onKeyDown}
      />
      <span className="muted" role="status">
        {query.trim() === '' ? '' : found.length === 0 ? 'None found' : `${found.length} found · Enter zooms to them`}
      </span>
      <button type="button" onClick={() => onClose(found[0])}>
        Close
      </button>
    </div>
  );
}
