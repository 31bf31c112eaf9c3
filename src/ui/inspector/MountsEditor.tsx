import { childPointer } from '../../core/document/pointer';
import { asRecord, scalarText, valueAt } from '../../core/inspector';
import { AddRow, IconButton } from './collections';
import { Group, KeyField } from './Field';
import { FilePicker, toBase64 } from './inputs';
import { useInspector } from './inspector-context';
import { ScalarField } from './ScalarField';

/**
 * A container's files and volumes, in whichever form the workload writes them: by path (the map
 * form) or as a list with `target` on each item (the deprecated form). Commands keep the form.
 */
interface Mount {
  /** The path in the container. */
  target: string;
  pointer: string;
  spec: Record<string, unknown>;
}

function mountsAt(value: unknown, pointer: string): Mount[] {
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const spec = asRecord(item) ?? {};
      return { target: scalarText(spec.target), pointer: childPointer(pointer, i), spec };
    });
  }
  return Object.entries(asRecord(value) ?? {}).map(([target, item]) => ({
    target,
    pointer: childPointer(pointer, target),
    spec: asRecord(item) ?? {},
  }));
}

export function FilesEditor({ container, pointer }: { container: string; pointer: string }) {
  const { workload, run } = useInspector();
  const files = mountsAt(valueAt(workload, pointer), pointer);
  return (
    <Group path="/containers/*/files" pointer={pointer}>
      {files.map((file, i) => {
        const at = file.pointer;
        const set = (key: string, value: string) => run('setField', { pointer: `${at}/${key}`, value });
        // A new file starts with an empty content; a source or binary content chosen for it replaces that.
        const setSource = (key: 'source' | 'binaryContent', value: string) => {
          const result = set(key, value);
          if (!('error' in result) && file.spec.content === '') run('unsetField', { pointer: `${at}/content` });
        };
        return (
          <Group
            key={`${file.target}|${i}`}
            path="/containers/*/files/*"
            pointer={at}
            legend={`File ${file.target}`}
            tools={
              <IconButton
                label={`Remove file ${file.target}`}
                symbol="✕"
                onClick={() => run('removeFile', { container, target: file.target })}
              />
            }
          >
            <KeyField
              label="Path in the container"
              path="/containers/*/files/*/target"
              pointer={`${at}/target`}
              value={file.target}
              onRename={(to) => run('renameFile', { container, from: file.target, to })}
            />
            <ScalarField path="/containers/*/files/*/content" pointer={`${at}/content`} />
            <FilePicker
              label="Load content from a file…"
              onFile={(f) => void f.text().then((text) => set('content', text))}
            />
            <ScalarField path="/containers/*/files/*/source" pointer={`${at}/source`} />
            <FilePicker label="Choose source file…" onFile={(f) => setSource('source', f.name)} />
            <ScalarField path="/containers/*/files/*/binaryContent" pointer={`${at}/binaryContent`} />
            <FilePicker
              label="Upload binary content…"
              onFile={(f) => void f.arrayBuffer().then((b) => setSource('binaryContent', toBase64(new Uint8Array(b))))}
            />
            <ScalarField path="/containers/*/files/*/mode" pointer={`${at}/mode`} />
            <ScalarField path="/containers/*/files/*/noExpand" pointer={`${at}/noExpand`} />
          </Group>
        );
      })}
      <AddRow
        fields={[{ label: 'New file path' }]}
        button="Add file"
        onAdd={([target]) => run('addFile', { container, target: target!.trim(), content: '' })}
      />
    </Group>
  );
}

export function VolumesEditor({ container, pointer }: { container: string; pointer: string }) {
  const { workload, run } = useInspector();
  const volumes = mountsAt(valueAt(workload, pointer), pointer);
  const resources = Object.entries(asRecord(asRecord(workload)?.resources) ?? {});
  const firstVolume = resources.find(([, r]) => asRecord(r)?.type === 'volume')?.[0];
  return (
    <Group path="/containers/*/volumes" pointer={pointer}>
      {volumes.map((volume, i) => {
        const at = volume.pointer;
        return (
          <Group
            key={`${volume.target}|${i}`}
            path="/containers/*/volumes/*"
            pointer={at}
            legend={`Volume at ${volume.target}`}
            tools={
              <IconButton
                label={`Remove volume at ${volume.target}`}
                symbol="✕"
                onClick={() => run('removeVolume', { container, target: volume.target })}
              />
            }
          >
            <KeyField
              label="Mount path"
              path="/containers/*/volumes/*/target"
              pointer={`${at}/target`}
              value={volume.target}
              onRename={(to) => run('renameVolume', { container, from: volume.target, to })}
            />
            <ScalarField path="/containers/*/volumes/*/source" pointer={`${at}/source`} placeholderMode="volume" />
            <ScalarField path="/containers/*/volumes/*/path" pointer={`${at}/path`} />
            <ScalarField path="/containers/*/volumes/*/readOnly" pointer={`${at}/readOnly`} />
          </Group>
        );
      })}
      <AddRow
        fields={[
          { label: 'New mount path' },
          { label: 'Its volume source', initial: firstVolume ? '${resources.' + firstVolume + '}' : '' },
        ]}
        button="Add volume"
        ready={([target, source]) => target!.trim() !== '' && source!.trim() !== ''}
        onAdd={([target, source]) => run('addVolume', { container, target: target!.trim(), source: source!.trim() })}
      />
    </Group>
  );
}
