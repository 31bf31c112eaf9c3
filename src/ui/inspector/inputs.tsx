import { useState, type KeyboardEvent } from 'react';
import { useInspector } from './inspector-context';
import { useDraft, type DraftOptions } from './use-draft';

/** What a field gives its control so that the label, hint and problems belong to it. */
export interface ControlProps {
  id: string;
  /** ids of the hint and the problems (aria-describedby). */
  describedBy: string | undefined;
  invalid: boolean;
}

/**
 * The inputs of the inspector. Each shows the model's value, writes through `onCommit` (a core
 * command), and is disabled while the text does not parse.
 */

interface DraftInputProps extends Partial<ControlProps>, DraftOptions {
  value: string;
  onCommit(text: string): void;
  /** An accessible name when there is no <label> (rows of a list). */
  label?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'text';
  /** id of a <datalist> of suggestions. */
  list?: string;
  className?: string;
}

/**
 * A one-line text input, written as the user types (see useDraft); Enter writes now, Escape undoes the
 * typing. A value over several lines (a certificate, SQL) is shown in a textarea instead: an input
 * would show it without its line breaks, and the next keystroke would write it back without them.
 */
export function DraftInput(props: DraftInputProps) {
  const multiLine = useMultiLine(props.value);
  return multiLine ? <DraftTextarea {...props} compact /> : <OneLineInput {...props} />;
}

/**
 * Whether a value needs a textarea: once it has held a line break, it stays in one while the control
 * lives (the user deleting the break must not swap the control, and its focus, under their fingers).
 */
export function useMultiLine(value: string): boolean {
  const [multiLine, setMultiLine] = useState(() => /[\n\r]/.test(value));
  if (!multiLine && /[\n\r]/.test(value)) setMultiLine(true);
  return multiLine || /[\n\r]/.test(value);
}

function OneLineInput({ value, onCommit, holdWhile, id, describedBy, invalid, label, ...rest }: DraftInputProps) {
  const { readOnly } = useInspector();
  const draft = useDraft(value, onCommit, holdWhile ? { holdWhile } : {});
  return (
    <input
      id={id}
      type="text"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      readOnly={readOnly}
      spellCheck={false}
      autoComplete="off"
      value={draft.text}
      onChange={(e) => draft.change(e.target.value)}
      onBlur={draft.blur}
      onKeyDown={(e) => draftKeys(e, draft)}
      {...rest}
    />
  );
}

export function draftKeys(e: KeyboardEvent, draft: { flush(): void; revert(): void }) {
  if (e.key === 'Enter' && !e.shiftKey && e.currentTarget.tagName === 'INPUT') {
    e.preventDefault();
    draft.flush();
  } else if (e.key === 'Escape') {
    draft.revert();
  }
}

/**
 * Text over several lines (file contents): a plain textarea that can grow to a larger editor.
 * `compact`: a value in a row (a variable, a param) — as many lines as it has, up to 8.
 */
export function DraftTextarea({
  value,
  onCommit,
  holdWhile,
  id,
  describedBy,
  invalid,
  label,
  compact = false,
}: DraftInputProps & { compact?: boolean }) {
  const { readOnly } = useInspector();
  const draft = useDraft(value, onCommit, holdWhile ? { holdWhile } : {});
  const [large, setLarge] = useState(false);
  const lines = draft.text.split('\n').length;
  return (
    <div className={compact ? 'long-text compact' : 'long-text'}>
      <textarea
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        readOnly={readOnly}
        spellCheck={false}
        rows={large ? 24 : compact ? Math.min(8, lines) : Math.min(8, Math.max(3, lines + 1))}
        value={draft.text}
        onChange={(e) => draft.change(e.target.value)}
        onBlur={draft.blur}
        onKeyDown={(e) => draftKeys(e, draft)}
      />
      {!compact && (
        <button type="button" className="link-button" aria-pressed={large} onClick={() => setLarge((l) => !l)}>
          {large ? 'Smaller editor' : 'Larger editor'}
        </button>
      )}
    </div>
  );
}

/** One of a few values; the empty choice (for an optional field) removes the key. */
export function ChoiceSelect({
  value,
  choices,
  optional,
  emptyLabel = '(not set)',
  onCommit,
  id,
  describedBy,
  invalid,
  label,
}: {
  value: string;
  choices: readonly string[];
  optional: boolean;
  emptyLabel?: string;
  onCommit(value: string): void;
  label?: string;
} & Partial<ControlProps>) {
  const { readOnly } = useInspector();
  // A value the schema does not allow is still shown as it is, so that nothing is hidden.
  const shown = value !== '' && !choices.includes(value) ? [...choices, value] : choices;
  return (
    <select
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      disabled={readOnly}
      value={value}
      onChange={(e) => onCommit(e.target.value)}
    >
      {(optional || value === '') && <option value="">{emptyLabel}</option>}
      {shown.map((c) => (
        <option key={c} value={c}>
          {choices.includes(c) ? c : `${c} (not allowed)`}
        </option>
      ))}
    </select>
  );
}

/** true or left out: unchecking removes the key (false is what leaving it out means). */
export function SwitchBox({
  value,
  onCommit,
  id,
  describedBy,
  invalid,
  label,
}: { value: unknown; onCommit(on: boolean): void; label?: string } & Partial<ControlProps>) {
  const { readOnly } = useInspector();
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      disabled={readOnly}
      checked={value === true}
      onChange={(e) => onCommit(e.target.checked)}
    />
  );
}

/** A button that picks a local file and hands over its bytes (uploads for file sources and contents). */
export function FilePicker({ label, onFile }: { label: string; onFile(file: File): void }) {
  const { readOnly } = useInspector();
  return (
    <label className={`file-picker button${readOnly ? ' disabled' : ''}`}>
      {label}
      <input
        type="file"
        className="visually-hidden"
        disabled={readOnly}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/** Standard base64 of bytes, in chunks (a large file would overflow the arguments of one call). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
