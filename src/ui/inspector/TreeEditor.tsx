import type { ReactNode } from 'react';
import type { JsonValue } from '../../core/commands';
import { childPointer } from '../../core/document/pointer';
import { asRecord, scalarText, valueAt, type FieldPath } from '../../core/inspector';
import { AddRow, IconButton, Row } from './collections';
import { ChoiceSelect, DraftInput } from './inputs';
import { useInspector } from './inspector-context';
import { halfPlaceholder } from './use-draft';

/**
 * Free data as a tree of keys and values (resource params, metadata beyond name and annotations):
 * a value is text, a number, true/false, null, a list or a map, and lists and maps nest. Every
 * change is one command on the node it touches.
 */
type Kind = 'text' | 'number' | 'true/false' | 'null' | 'list' | 'map';
const KINDS: readonly Kind[] = ['text', 'number', 'true/false', 'null', 'list', 'map'];

export function kindOf(value: unknown): Kind {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'true/false';
  if (Array.isArray(value)) return 'list';
  if (asRecord(value)) return 'map';
  return 'null';
}

/** A value of another kind, keeping what can be kept ("8080" becomes 8080). */
export function convert(value: unknown, kind: Kind, typed = scalarText(value)): JsonValue {
  switch (kind) {
    case 'text':
      return typed;
    case 'number':
      return Number.isFinite(Number(typed)) && typed.trim() !== '' ? Number(typed) : 0;
    case 'true/false':
      return typed === 'true';
    case 'null':
      return null;
    case 'list':
      return [];
    case 'map':
      return {};
  }
}

/** The commands of a map's entries; the top of a tree may use named ones (setResourceParam, …). */
export interface EntryCommands {
  set(key: string, value: JsonValue): void;
  remove(key: string): void;
  rename(from: string, to: string, value: unknown): void;
}

function useNestedCommands(pointer: string): EntryCommands {
  const { run } = useInspector();
  return {
    set: (key, value) => run('setField', { pointer: childPointer(pointer, key), value }),
    remove: (key) => run('unsetField', { pointer: childPointer(pointer, key) }),
    // No command renames a key at any depth: the entry is written under its new key, then the old one goes.
    rename: (from, to, value) => {
      const result = run('setField', { pointer: childPointer(pointer, to), value: value as JsonValue });
      if (!('error' in result)) run('unsetField', { pointer: childPointer(pointer, from) });
    },
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
                  onCommit={(to) => to.trim() !== '' && !taken(to) && cmd.rename(key, to, value)}
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
        onAdd={([k, kind, v]) => cmd.set(k!.trim(), convert(v, kind as Kind, v))}
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
        ready={() => true}
        onAdd={([kind, v]) =>
          run('setField', { pointer: childPointer(pointer, '-'), value: convert(v, kind as Kind, v) })
        }
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
  const { run } = useInspector();
  const kind = kindOf(value);
  const write = (v: JsonValue) => run('setField', { pointer, value: v });
  return (
    <>
      <KindSelect
        label={`Kind of ${name}`}
        value={kind}
        onChange={(k) => k !== kind && onKind(convert(value, k as Kind))}
      />
      {kind === 'text' && (
        <DraftInput
          label={`Value of ${name}`}
          value={scalarText(value)}
          holdWhile={halfPlaceholder}
          onCommit={(v) => write(v)}
        />
      )}
      {kind === 'number' && (
        <DraftInput
          label={`Value of ${name}`}
          inputMode="numeric"
          value={scalarText(value)}
          onCommit={(v) => Number.isFinite(Number(v)) && v.trim() !== '' && write(Number(v))}
        />
      )}
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
  return <ChoiceSelect label={label} value={value} choices={KINDS} optional={false} onCommit={onChange} />;
}
