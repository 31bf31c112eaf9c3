import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ControlProps } from './inputs';
import { DraftTextarea, draftKeys, useMultiLine } from './inputs';
import { useInspector } from './inspector-context';
import { useCatalog } from '../catalog/catalog-context';
import { placeholderChoices, type PlaceholderChoice, type PlaceholderMode } from './placeholder-choices';
import { useDraft } from './use-draft';

/**
 * A text input that completes `${…}` placeholders: after `${` it lists the roots, then resource
 * names and their outputs (or metadata keys). Arrow keys move, Enter or Tab takes a choice, Escape
 * closes the list; Ctrl+Space opens it. A half-typed placeholder is not written until it is closed
 * or the field is left.
 */
export function PlaceholderInput(props: PlaceholderInputProps) {
  // A value over several lines is edited as such (see DraftInput); `${` is completed on one line only.
  const multiLine = useMultiLine(props.value);
  const { mode: _mode, ...rest } = props;
  return multiLine ? <DraftTextarea {...rest} compact /> : <OneLinePlaceholderInput {...props} />;
}

type PlaceholderInputProps = {
  value: string;
  onCommit(text: string): void;
  mode: PlaceholderMode;
  label?: string;
} & Partial<ControlProps>;

function OneLinePlaceholderInput({ value, onCommit, mode, id, describedBy, invalid, label }: PlaceholderInputProps) {
  const { workload, readOnly } = useInspector();
  const catalog = useCatalog((state) => state.catalog);
  const draft = useDraft(value, onCommit);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const moveCaretTo = useRef<number | null>(null);

  const choices: PlaceholderChoice[] =
    open && caret !== null ? placeholderChoices(workload, catalog, draft.text, caret, mode) : [];
  const showing = choices.length > 0;
  const current = Math.min(active, choices.length - 1);

  useLayoutEffect(() => {
    if (moveCaretTo.current === null || !input.current) return;
    input.current.setSelectionRange(moveCaretTo.current, moveCaretTo.current);
    moveCaretTo.current = null;
  });

  const trackCaret = () => setCaret(input.current?.selectionStart ?? null);

  const take = (choice: PlaceholderChoice) => {
    draft.change(choice.text);
    moveCaretTo.current = choice.caret;
    setCaret(choice.caret);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      setOpen(true);
      trackCaret();
      return;
    }
    if (showing) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + choices.length) % choices.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        take(choices[current]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setOpen(false);
        return;
      }
    }
    draftKeys(e, draft);
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="combobox">
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing ? optionId(current) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        readOnly={readOnly}
        spellCheck={false}
        autoComplete="off"
        value={draft.text}
        onChange={(e) => {
          draft.change(e.target.value);
          setCaret(e.target.selectionStart);
          setOpen(true);
          setActive(0);
        }}
        onSelect={trackCaret}
        onFocus={() => {
          trackCaret();
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          draft.blur();
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Placeholder suggestions" className="suggestions" hidden={!showing}>
        {choices.map((c, i) => (
          <li
            key={`${c.label}|${i}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            // Keeps the focus in the input: the click takes the choice, the input stays active.
            onMouseDown={(e) => {
              e.preventDefault();
              take(c);
            }}
          >
            <span className="suggestion-label">{c.label}</span> <span className="suggestion-detail">{c.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
