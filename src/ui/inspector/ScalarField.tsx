import { useId, type ReactNode } from 'react';
import {
  choicesOf,
  controls,
  cpuSuggestions,
  memorySuggestions,
  readCpu,
  readMemory,
  scalarText,
  valueAt,
  type FieldPath,
} from '../../core/inspector';
import { Field } from './Field';
import type { ControlProps } from './inputs';
import { ChoiceSelect, DraftInput, DraftTextarea, SwitchBox } from './inputs';
import { useInspector } from './inspector-context';
import type { PlaceholderMode } from './placeholder-choices';
import { PlaceholderInput } from './PlaceholderInput';

/**
 * A field holding one value, edited by pointer: setting it writes the key (creating its parents),
 * clearing it removes the key and any parent it leaves empty (core setField / unsetField). The
 * control comes from the field's kind in the registry.
 */
export function ScalarField({
  path,
  pointer,
  label,
  optional = true,
  extra,
  suggestions,
  placeholderMode = 'value',
}: {
  path: FieldPath;
  pointer: string;
  label?: string;
  /** A required choice offers no empty option. */
  optional?: boolean;
  extra?: ReactNode;
  /** Values to offer in a text field (a list to pick from, free entry still allowed), each with words to show. */
  suggestions?: ReadonlyArray<string | { value: string; label: string }>;
  placeholderMode?: PlaceholderMode;
}) {
  const { workload, run } = useInspector();
  const raw = valueAt(workload, pointer);
  const text = scalarText(raw);
  const kind = controls[path].kind;
  const write = (value: string | number | boolean | undefined) =>
    value === undefined || value === '' ? run('unsetField', { pointer }) : run('setField', { pointer, value });

  const listId = useId();
  let hintExtra = extra;
  if (kind === 'cpu' || kind === 'memory') {
    const amount = text === '' ? undefined : (kind === 'cpu' ? readCpu : readMemory)(text);
    if (amount?.valid) hintExtra = <span className="amount">= {amount.meaning}.</span>;
  }

  // A key written with an empty text looks like an absent one: say so, and offer to remove it.
  const presentButEmpty = raw === '' && kind !== 'choice';
  const name = label ?? controls[path].label;
  return (
    <Field path={path} pointer={pointer} label={label} extra={hintExtra}>
      {(control) => (
        <>
          {renderControl(control)}
          {presentButEmpty && (
            <span className="field-hint">
              Written as an empty text.{' '}
              <button
                type="button"
                className="link-button"
                aria-label={`Remove the empty ${name.toLowerCase()}`}
                onClick={() => run('unsetField', { pointer })}
              >
                Remove it
              </button>
            </span>
          )}
        </>
      )}
    </Field>
  );

  function renderControl(control: ControlProps) {
    switch (kind) {
      case 'choice':
        return (
          <ChoiceSelect
            {...control}
            value={text}
            choices={choicesOf(path)}
            optional={optional}
            onCommit={(v) => write(v)}
          />
        );
      case 'switch':
        return <SwitchBox {...control} value={raw} onCommit={(on) => write(on ? true : undefined)} />;
      case 'integer':
        return (
          <DraftInput
            {...control}
            value={text}
            inputMode="numeric"
            onCommit={(v) => write(/^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v)}
          />
        );
      case 'long-text':
        return <DraftTextarea {...control} value={text} onCommit={write} />;
      case 'placeholder-text':
        return <PlaceholderInput {...control} value={text} mode={placeholderMode} onCommit={write} />;
      default: {
        const offered = kind === 'cpu' ? cpuSuggestions() : kind === 'memory' ? memorySuggestions() : suggestions;
        return (
          <>
            <DraftInput {...control} value={text} list={offered ? listId : undefined} onCommit={write} />
            {offered && (
              <datalist id={listId}>
                {offered.map((s) =>
                  typeof s === 'string' ? (
                    <option key={s} value={s} />
                  ) : (
                    <option key={s.value} value={s.value} label={s.label} />
                  ),
                )}
              </datalist>
            )}
          </>
        );
      }
    }
  }
}
