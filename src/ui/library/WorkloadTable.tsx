import { useEffect, useRef } from 'react';
import type { ListedWorkload } from '../../api/repository';

/**
 * One page of saved workloads, as a table: a checkbox to select each for export, its name and
 * size, when it was saved, and its actions. Names are rendered as text, never as markup.
 */
export function WorkloadTable({
  items,
  selected,
  busy,
  onToggle,
  onToggleAll,
  onOpen,
  onDuplicate,
  onDelete,
}: {
  items: readonly ListedWorkload[];
  selected: ReadonlySet<string>;
  busy: boolean;
  onToggle: (name: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onOpen: (name: string) => void;
  onDuplicate: (name: string) => void;
  onDelete: (name: string) => void;
}) {
  const chosen = items.filter((item) => selected.has(item.name)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < items.length;
  }, [chosen, items.length]);
  return (
    <table className="library-table">
      <caption className="visually-hidden">Saved workloads</caption>
      <thead>
        <tr>
          <th scope="col" className="select">
            <input
              ref={all}
              type="checkbox"
              aria-label="Select every workload on this page"
              checked={items.length > 0 && chosen === items.length}
              onChange={(e) => onToggleAll(e.target.checked)}
            />
          </th>
          <th scope="col">Name</th>
          <th scope="col">Containers</th>
          <th scope="col">Resources</th>
          <th scope="col">Last saved</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.name} data-workload={item.name}>
            <td className="select">
              <input
                type="checkbox"
                aria-label={`Select ${item.name}`}
                checked={selected.has(item.name)}
                onChange={(e) => onToggle(item.name, e.target.checked)}
              />
            </td>
            <th scope="row" className="workload-cell">
              {item.name}
            </th>
            <td>{countOf(item.workload.containers)}</td>
            <td>{countOf(item.workload.resources)}</td>
            <td>
              {item.updatedAt ? (
                <time dateTime={item.updatedAt}>{new Date(item.updatedAt).toLocaleString()}</time>
              ) : (
                '—'
              )}
            </td>
            <td className="row-actions">
              <button type="button" disabled={busy} onClick={() => onOpen(item.name)}>
                Open<span className="visually-hidden"> {item.name}</span>
              </button>
              <button type="button" disabled={busy} onClick={() => onDuplicate(item.name)}>
                Duplicate<span className="visually-hidden"> {item.name}</span>
              </button>
              <button type="button" className="danger" disabled={busy} onClick={() => onDelete(item.name)}>
                Delete<span className="visually-hidden"> {item.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function countOf(map: unknown): number {
  return typeof map === 'object' && map !== null ? Object.keys(map).length : 0;
}
