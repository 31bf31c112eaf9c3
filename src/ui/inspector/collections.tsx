import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { childPointer } from '../../core/document/pointer';
import { scalarText, valueAt, type FieldPath } from '../../core/inspector';
import { isRefusal } from '../../core/commands/command';
import { Group } from './Field';
import { DraftInput } from './inputs';
import { useInspector, useProblemsAt } from './inspector-context';
import { PlaceholderInput } from './PlaceholderInput';
import { halfPlaceholder } from './use-draft';
import { Problems } from './Problems';

/** Keys are written when the user is done with them (blur or Enter), never mid-word: a key is an identity. */
const onlyWhenDone = () => true;

/** One row of a list or map: its place (selection follows it) and the problems about it. */
export function Row({ path, pointer, children }: { path: FieldPath; pointer: string; children: ReactNode }) {
  const id = useId();
  const problems = useProblemsAt(pointer);
  const row = useRef<HTMLLIElement>(null);
  useKeepFocusWhenGone(row);
  return (
    <li ref={row} className="row" data-field={path} data-pointer={pointer}>
      <div className="row-controls">{children}</div>
      <Problems id={`${id}-problems`} problems={problems} />
    </li>
  );
}

/**
 * When a row that holds the keyboard focus goes (its Remove button pressed, from the keyboard or
 * the mouse), the focus goes to the same control of the row now in its place, else of the row before,
 * else to the list's add row: it fell to the page's body, and a keyboard user started over from the
 * top. Rows may all be drawn anew when one goes (a list's rows are keyed by place), so the row is found
 * again by its place once React is done.
 */
function useKeepFocusWhenGone(row: RefObject<HTMLLIElement | null>) {
  useLayoutEffect(
    () => () => {
      // Runs before the row leaves the page: the focus is still in it.
      const gone = row.current;
      const focused = document.activeElement;
      const list = gone?.parentElement;
      const holder = list?.parentElement;
      if (!gone || !list || !holder || !(focused instanceof HTMLElement) || !gone.contains(focused)) return;
      const place = [...list.children].indexOf(gone);
      const control = focusables(gone).indexOf(focused);
      queueMicrotask(() => {
        if (document.activeElement && document.activeElement !== document.body) return; // it went somewhere
        const rows = list.isConnected ? [...list.children].filter((r) => r.matches('li.row')) : [];
        const next = rows[Math.min(place, rows.length - 1)];
        const target = next
          ? (focusables(next)[control] ?? focusables(next)[0])
          : holder.querySelector<HTMLElement>(':scope > .add-row input, :scope > .add-row select');
        target?.focus();
      });
    },
    [row],
  );
}

const focusables = (el: Element) =>
  [...el.querySelectorAll<HTMLElement>('input, select, textarea, button')].filter((e) => !e.hasAttribute('disabled'));

export interface NewField {
  label: string;
  /** Rendered instead of a text input (a select). */
  render?: (value: string, set: (v: string) => void) => ReactNode;
  initial?: string;
}

/**
 * The row that adds an entry: a few inputs and a button; Enter in an input adds too. Nothing is
 * written until the entry is complete enough to add (a name, usually).
 */
export function AddRow({
  fields,
  button,
  ready = (values) => values[0]!.trim() !== '',
  problem,
  onAdd,
}: {
  fields: NewField[];
  button: string;
  ready?: (values: string[]) => boolean;
  /** Why what is typed cannot be added (shown under the row, the button disabled), or undefined. */
  problem?: (values: string[]) => string | undefined;
  onAdd(values: string[]): void;
}) {
  const { readOnly } = useInspector();
  const [values, setValues] = useState(() => fields.map((f) => f.initial ?? ''));
  const row = useRef<HTMLDivElement>(null);
  const problemId = useId();
  const why = problem?.(values);
  const ok = !readOnly && ready(values) && why === undefined;
  const add = () => {
    if (!ok) return;
    onAdd(values);
    setValues(fields.map((f) => f.initial ?? ''));
    // The button is disabled until something new is typed, and a disabled button loses the focus to the
    // page: the first field takes it, ready for the next entry (after Enter in a field, it stays there).
    if (document.activeElement?.tagName === 'BUTTON') focusables(row.current!)[0]?.focus();
  };
  const setAt = (i: number) => (v: string) => setValues((vs) => vs.map((x, j) => (j === i ? v : x)));
  return (
    <div className="add-row" ref={row}>
      {fields.map((f, i) =>
        f.render ? (
          // A choice has no placeholder to say what it is for: its name is shown above it (the control
          // itself carries the same name for screen readers).
          <span key={f.label} className="add-field">
            <span className="add-field-label" aria-hidden="true">
              {f.label}
            </span>
            {f.render(values[i]!, setAt(i))}
          </span>
        ) : (
          <input
            key={f.label}
            type="text"
            aria-label={f.label}
            aria-describedby={why !== undefined ? problemId : undefined}
            placeholder={f.label}
            readOnly={readOnly}
            spellCheck={false}
            autoComplete="off"
            value={values[i]}
            onChange={(e) => setAt(i)(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        ),
      )}
      <button type="button" disabled={!ok} aria-describedby={why !== undefined ? problemId : undefined} onClick={add}>
        {button}
      </button>
      {why !== undefined && (
        <p id={problemId} className="field-problem error">
          {why}
        </p>
      )}
    </div>
  );
}

/** A small button that names what it does for screen readers (the visible text is a symbol). */
export function IconButton({
  label,
  symbol,
  onClick,
  disabled,
}: {
  label: string;
  symbol: string;
  onClick(): void;
  disabled?: boolean;
}) {
  const { readOnly } = useInspector();
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      disabled={readOnly || disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
}

/**
 * A list of texts (command, args, a check's command): edit an item in place, clear it to remove it
 * (on leaving the field), move it, or add one at the end. Each change is one command.
 */
export function ListEditor({
  path,
  itemPath,
  pointer,
  itemLabel,
  legend,
}: {
  path: FieldPath;
  itemPath: FieldPath;
  pointer: string;
  itemLabel: string;
  legend?: string;
}) {
  const { workload, run } = useInspector();
  const value = valueAt(workload, pointer);
  const items = Array.isArray(value) ? value : [];
  // The item's own text moves, with its quoting and comments; the others stay as written. The focus
  // follows the item, so that pressing the button again moves it one place further.
  const list = useRef<HTMLOListElement>(null);
  const follow = useRef<{ at: number; up: boolean } | null>(null);
  const move = (from: number, to: number) => {
    if (isRefusal(run('moveItem', { pointer: childPointer(pointer, from), to }))) return;
    follow.current = { at: to, up: to < from };
  };
  useEffect(() => {
    const moved = follow.current;
    if (!moved || !list.current) return;
    follow.current = null;
    const button = (up: boolean) =>
      list.current?.querySelector<HTMLButtonElement>(
        `button[aria-label="${CSS.escape(`Move ${itemLabel} ${moved.at + 1} ${up ? 'up' : 'down'}`)}"]`,
      );
    const target = button(moved.up);
    (target && !target.disabled ? target : button(!moved.up))?.focus();
  });
  return (
    <Group path={path} pointer={pointer} legend={legend}>
      {items.length > 0 && (
        <ol className="rows" ref={list}>
          {items.map((item, i) => {
            const at = childPointer(pointer, i);
            const name = `${itemLabel} ${i + 1}`;
            return (
              <Row key={`${i}|${items.length}`} path={itemPath} pointer={at}>
                <DraftInput
                  label={name}
                  value={scalarText(item)}
                  onCommit={(v) =>
                    v === '' ? run('unsetField', { pointer: at }) : run('setField', { pointer: at, value: v })
                  }
                />
                <IconButton label={`Move ${name} up`} symbol="↑" disabled={i === 0} onClick={() => move(i, i - 1)} />
                <IconButton
                  label={`Move ${name} down`}
                  symbol="↓"
                  disabled={i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                />
                <IconButton label={`Remove ${name}`} symbol="✕" onClick={() => run('unsetField', { pointer: at })} />
              </Row>
            );
          })}
        </ol>
      )}
      <AddRow
        fields={[{ label: `New ${itemLabel.toLowerCase()}` }]}
        button={`Add ${itemLabel.toLowerCase()}`}
        ready={(v) => v[0] !== ''}
        onAdd={([v]) => run('setField', { pointer: childPointer(pointer, '-'), value: v! })}
      />
    </Group>
  );
}

export interface KeyValueCommands {
  set(key: string, value: string): void;
  remove(key: string): void;
  rename(from: string, to: string): void;
}

/**
 * Text values by key (variables, annotations). A key is renamed when the user leaves it; a value is
 * written as typed (an emptied value stays an empty text: the entry is still there until removed).
 */
export function KeyValueEditor({
  path,
  entryPath,
  pointer,
  keyLabel,
  valueLabel,
  placeholders,
  commands,
  describe,
}: {
  path: FieldPath;
  entryPath: FieldPath;
  pointer: string;
  keyLabel: string;
  valueLabel: string;
  /** Values may hold placeholders: complete them. */
  placeholders?: boolean;
  commands: KeyValueCommands;
  /** Further words under an entry (the preview of a variable). */
  describe?: (key: string, value: unknown) => ReactNode;
}) {
  const { workload } = useInspector();
  const map = valueAt(workload, pointer);
  const entries = map && typeof map === 'object' && !Array.isArray(map) ? Object.entries(map) : [];
  return (
    <Group path={path} pointer={pointer}>
      {entries.length > 0 && (
        <ul className="rows">
          {entries.map(([key, value]) => {
            const at = childPointer(pointer, key);
            const note = describe?.(key, value);
            return (
              <Row key={key} path={entryPath} pointer={at}>
                <DraftInput
                  className="key"
                  label={`${keyLabel} ${key}`}
                  value={key}
                  holdWhile={onlyWhenDone}
                  onCommit={(to) => to.trim() !== '' && commands.rename(key, to)}
                />
                {placeholders ? (
                  <PlaceholderInput
                    label={`${valueLabel} of ${key}`}
                    value={scalarText(value)}
                    mode="value"
                    onCommit={(v) => commands.set(key, v)}
                  />
                ) : (
                  <DraftInput
                    label={`${valueLabel} of ${key}`}
                    value={scalarText(value)}
                    holdWhile={halfPlaceholder}
                    onCommit={(v) => commands.set(key, v)}
                  />
                )}
                <IconButton label={`Remove ${key}`} symbol="✕" onClick={() => commands.remove(key)} />
                {note && <div className="row-note">{note}</div>}
              </Row>
            );
          })}
        </ul>
      )}
      <AddRow
        fields={[{ label: `New ${keyLabel.toLowerCase()}` }, { label: `Its ${valueLabel.toLowerCase()}` }]}
        button={`Add ${keyLabel.toLowerCase()}`}
        onAdd={([k, v]) => commands.set(k!.trim(), v!)}
      />
    </Group>
  );
}
