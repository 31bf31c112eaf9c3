import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Modal } from '../dialog/Modal';
import { paletteEntries, searchEntries, type PaletteEntry } from '../intents/palette';
import type { Intent, IntentContext } from '../intents/table';
import './palette.css';

/**
 * The command palette (Ctrl+K, Ctrl+Shift+P): every intent of the table, found by typing, with its
 * shortcut; those that do not apply where it was opened are listed, dimmed, and say why when chosen.
 * A dialog with a combobox over a listbox (the ARIA combobox pattern): the arrows move through the
 * list while the focus stays in the search field, Enter runs the active entry, Escape closes.
 *
 * It reads the context once, as it opens (the document, the canvas's selected element, the app's
 * dialogs), or once more if the canvas arrives while it is open (ui/app/AppDialogs.tsx); the intent
 * runs after the palette has closed and the focus is back where it was.
 */
export function CommandPalette({
  context,
  stale,
  onClose,
}: {
  context: IntentContext;
  /** The YAML does not parse: intents that write are off. */
  stale: boolean;
  /** Closes the palette; with an intent, runs it once the palette is gone. */
  onClose: (run?: Intent) => void;
}) {
  const entries = useMemo(() => paletteEntries(context, stale), [context, stale]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [note, setNote] = useState('');
  const found = useMemo(() => searchEntries(entries, query), [entries, query]);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const current = Math.min(active, found.length - 1);

  const choose = (entry: PaletteEntry | undefined) => {
    if (!entry) return;
    if (entry.enabled) {
      onClose(entry.intent);
      return;
    }
    const why = entry.intent.writes && stale ? 'The YAML does not parse: fix it first.' : entry.intent.why?.(context);
    setNote(`${entry.intent.label}: ${why ?? 'not available here.'}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = found.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (e.key in moves && found.length > 0 && (e.key.startsWith('Arrow') || e.ctrlKey)) {
      e.preventDefault();
      setActive(moves[e.key]!);
      setNote('');
      document.getElementById(optionId(moves[e.key]!))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(found[current]);
    }
  };

  return (
    <Modal title="Commands" onClose={() => onClose()} className="command-palette">
      <input
        type="text"
        role="combobox"
        aria-label="Search commands"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={found.length > 0 ? optionId(current) : undefined}
        placeholder="Type a command…"
        value={query}
        autoFocus
        data-autofocus
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setNote('');
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Commands" className="palette-list">
        {found.map((entry, i) => (
          <li
            key={entry.intent.name}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            aria-disabled={!entry.enabled || undefined}
            className="palette-entry"
            onClick={() => choose(entry)}
            // Pressing on an entry must not take the focus from the search field.
            onMouseDown={(e) => e.preventDefault()}
          >
            <span className="palette-label">{entry.intent.label}</span>
            {entry.intent.description && <span className="palette-description">{entry.intent.description}</span>}
            {entry.shortcut && <kbd className="palette-key">{entry.shortcut}</kbd>}
          </li>
        ))}
      </ul>
      {found.length === 0 && <p className="palette-empty">No command matches “{query}”.</p>}
      <p className="palette-note" role="status">
        {note}
      </p>
    </Modal>
  );
}
