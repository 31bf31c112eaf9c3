import { useId, useState, type ReactNode } from 'react';
import type { JsonValue } from '../../core/commands';
import { childPointer } from '../../core/document/pointer';
import { asRecord, scalarText, valueAt, type FieldPath } from '../../core/inspector';
import {
  VALUE_KINDS,
  convertValue,
  kindOf,
  newValue,
  numberOf,
  type Conversion,
  type ValueKind,
} from '../../core/inspector/value-kinds';
import { AddRow, IconButton, Row } from './collections';
import { ChoiceSelect, DraftInput } from './inputs';
import { useInspector } from './inspector-context';
import { halfPlaceholder } from './use-draft';

/**
 * Free data as a tree of keys and values (resource params, metadata beyond name and annotations):
 * a value is text, a number, true/false, null, a list or a map, and lists and maps nest. Every
 * change is one command on the node it touches. A change of kind keeps the value or is refused in
 * words (see convertValue): "small" never silently becomes 0.
 */

/** The commands of a map's entries; the top of a tree may use named ones (setResourceParam, …). */
export interface EntryCommands {
  set(key: string, value: JsonValue): void;
  remove(key: string): void;
  rename(from: string, to: string): void;
}

function useNestedCommands(pointer: string): EntryCommands {
  const { run } = useInspector();
  return {
    set: (key, value) => run('setField', { pointer: childPointer(pointer, key), value }),
    remove: (key) => run('unsetField', { pointer: childPointer(pointer, key) }),
    // In place, with its comments; placeholders that read a metadata key follow it.
    rename: (from, to) => run('renameField', { pointer: childPointer(pointer, from), to }),
  };
}

export function TreeMap({
  path,
  pointer,
  label,
  exclude = [],
  commands,
}: {
  path: FieldPath;
  pointer: string;
  /** Names the entries for screen readers ("Param", "Metadata key"). */
  label: string;
  exclude?: readonly string[];
  commands?: EntryCommands;
}) {
  const { workload } = useInspector();
  const nested = useNestedCommands(pointer);
  const cmd = commands ?? nested;
  const map = asRecord(valueAt(workload, pointer)) ?? {};
  const entries = Object.entries(map).filter(([k]) => !exclude.includes(k));
  const taken = (k: string) => Object.prototype.hasOwnProperty.call(map, k) || exclude.includes(k);
  return (
    <div className="tree-map">
      {entries.length > 0 && (
        <ul className="rows tree">
          {entries.map(([key, value]) => {
            const at = childPointer(pointer, key);
            return (
              <Row key={key} path={path} pointer={at}>
                <DraftInput
                  className="key"
                  label={`${label} name ${key}`}
                  value={key}
                  holdWhile={() => true}
                  onCommit={(to) => to.trim() !== '' && !taken(to) && cmd.rename(key, to)}
                />
                <TreeValue
                  path={path}
                  pointer={at}
                  value={value}
                  name={key}
                  onKind={(v) => cmd.set(key, v)}
                  remove={<IconButton label={`Remove ${key}`} symbol="✕" onClick={() => cmd.remove(key)} />}
                />
              </Row>
            );
          })}
        </ul>
      )}
      <AddRow
        fields={[
          { label: `New ${label.toLowerCase()} name` },
          {
            label: `Its kind`,
            initial: 'text',
            render: (v, set) => <KindSelect label="Its kind" value={v} onChange={set} />,
          },
          { label: `Its value` },
        ]}
        button={`Add ${label.toLowerCase()}`}
        ready={(v) => v[0]!.trim() !== '' && !taken(v[0]!.trim())}
        problem={([, kind, v]) => problemOf(newValue(v!, kind as ValueKind))}
        onAdd={([k, kind, v]) => {
          const made = newValue(v!, kind as ValueKind);
          if ('value' in made) cmd.set(k!.trim(), made.value);
        }}
      />
    </div>
  );
}

function TreeList({ path, pointer, name }: { path: FieldPath; pointer: string; name: string }) {
  const { workload, run } = useInspector();
  const value = valueAt(workload, pointer);
  const items = Array.isArray(value) ? value : [];
  return (
    <div className="tree-list">
      {items.length > 0 && (
        <ol className="rows tree">
          {items.map((item, i) => {
            const at = childPointer(pointer, i);
            const itemName = `${name} item ${i + 1}`;
            return (
              <Row key={`${i}|${items.length}`} path={path} pointer={at}>
                <TreeValue
                  path={path}
                  pointer={at}
                  value={item}
                  name={itemName}
                  onKind={(v) => run('setField', { pointer: at, value: v })}
                  remove={
                    <IconButton
                      label={`Remove ${itemName}`}
                      symbol="✕"
                      onClick={() => run('unsetField', { pointer: at })}
                    />
                  }
                />
              </Row>
            );
          })}
        </ol>
      )}
      <AddRow
        fields={[
          {
            label: `Kind of new item of ${name}`,
            initial: 'text',
            render: (v, set) => <KindSelect label={`Kind of new item of ${name}`} value={v} onChange={set} />,
          },
          { label: `New item of ${name}` },
        ]}
        button={`Add item to ${name}`}
        problem={([kind, v]) => problemOf(newValue(v!, kind as ValueKind))}
        onAdd={([kind, v]) => {
          const made = newValue(v!, kind as ValueKind);
          if ('value' in made) run('setField', { pointer: childPointer(pointer, '-'), value: made.value });
        }}
      />
    </div>
  );
}

/** One value of the tree: its kind, an input for a scalar, its remove button, then a nested list or map. */
function TreeValue({
  path,
  pointer,
  value,
  name,
  onKind,
  remove,
}: {
  path: FieldPath;
  pointer: string;
  value: unknown;
  name: string;
  onKind(value: JsonValue): void;
  remove: ReactNode;
}) {
  const { run, refuse } = useInspector();
  const kind = kindOf(value);
  const write = (v: JsonValue) => run('setField', { pointer, value: v });
  const changeKind = (k: ValueKind) => {
    const changed = convertValue(value, k);
    if ('value' in changed) onKind(changed.value);
    else refuse(`The kind of ${name} stays ${kind}: ${changed.problem}`);
  };
  return (
    <>
      <KindSelect label={`Kind of ${name}`} value={kind} onChange={(k) => k !== kind && changeKind(k as ValueKind)} />
      {kind === 'text' && (
        <DraftInput
          label={`Value of ${name}`}
          value={scalarText(value)}
          holdWhile={halfPlaceholder}
          onCommit={(v) => write(v)}
        />
      )}
      {kind === 'number' && <NumberValue label={`Value of ${name}`} value={value as number} write={write} />}
      {kind === 'true/false' && (
        <ChoiceSelect
          label={`Value of ${name}`}
          value={String(value)}
          choices={['true', 'false']}
          optional={false}
          onCommit={(v) => write(v === 'true')}
        />
      )}
      {remove}
      {kind === 'list' && <TreeList path={path} pointer={pointer} name={name} />}
      {kind === 'map' && <TreeMap path={path} pointer={pointer} label={`${name} key`} />}
    </>
  );
}

function KindSelect({ label, value, onChange }: { label: string; value: string; onChange(kind: string): void }) {
  return <ChoiceSelect label={label} value={value} choices={VALUE_KINDS} optional={false} onCommit={onChange} />;
}

const problemOf = (made: Conversion) => ('problem' in made ? made.problem : undefined);

/**
 * A number's input. Text that is not a number is not written (the value keeps its kind), and the
 * field says so until a number is typed: it used to be dropped without a word.
 */
function NumberValue({ label, value, write }: { label: string; value: number; write(v: number): void }) {
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  return (
    <>
      <DraftInput
        label={label}
        inputMode="numeric"
        value={scalarText(value)}
        invalid={refused !== null}
        describedBy={refused !== null ? id : undefined}
        holdWhile={(t) => numberOf(t) === undefined}
        onCommit={(typed) => {
          const n = numberOf(typed);
          setRefused(n === undefined ? typed : null);
          if (n !== undefined) write(n);
        }}
      />
      {refused !== null && (
        <p id={id} className="field-problem error" role="alert">
          “{refused}” is not a number, so {scalarText(value)} stays. Type a number, or choose the kind text.
        </p>
      )}
    </>
  );
}
