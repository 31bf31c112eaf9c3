import { useRef, type KeyboardEvent } from 'react';
import type { CatalogType } from '../../core/catalog';

/**
 * The resource types, as a listbox: one tab stop, arrow keys (and Home/End) move the selection,
 * and the detail follows it.
 */
export function TypeList({
  types,
  selected,
  onSelect,
  labelledBy,
}: {
  types: readonly CatalogType[];
  selected: string | undefined;
  onSelect: (type: string) => void;
  labelledBy: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  const index = types.findIndex((t) => t.type === selected);

  const move = (to: number) => {
    const target = types[Math.max(0, Math.min(types.length - 1, to))];
    if (!target) return;
    onSelect(target.type);
    // Focus follows once React has rendered the new tab stop.
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLElement>(`[data-type="${CSS.escape(target.type)}"]`)?.focus(),
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: types.length - 1 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    move(keys[e.key]!);
  };

  if (types.length === 0) return <p className="muted">No resource type matches.</p>;
  return (
    <ul ref={list} role="listbox" aria-labelledby={labelledBy} className="catalog-types" onKeyDown={onKeyDown}>
      {types.map((t, i) => {
        const isSelected = t.type === selected || (index < 0 && i === 0);
        return (
          <li
            key={t.type}
            role="option"
            data-type={t.type}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(t.type)}
          >
            <span className="type-name">{t.type}</span>
            {t.classes.some((c) => c !== '(any)') && (
              <span className="type-classes"> · {t.classes.filter((c) => c !== '(any)').join(', ')}</span>
            )}
            {t.description && <span className="type-description">{t.description}</span>}
          </li>
        );
      })}
    </ul>
  );
}
