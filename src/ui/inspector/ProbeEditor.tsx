import { childPointer } from '../../core/document/pointer';
import { valueAt } from '../../core/inspector';
import { AddRow, IconButton, ListEditor } from './collections';
import { Group } from './Field';
import { useInspector } from './inspector-context';
import { ScalarField } from './ScalarField';

/**
 * A liveness or readiness probe: an HTTP check (host, scheme, path, port, headers), a command check,
 * or both. Fields are set one by one (the probe appears with the first); removing the last one, or
 * the Remove button, takes the probe away.
 */
export function ProbeEditor({
  container,
  pointer,
  kind,
}: {
  container: string;
  pointer: string;
  kind: 'liveness' | 'readiness';
}) {
  const { workload, run } = useInspector();
  const key = kind === 'liveness' ? 'livenessProbe' : 'readinessProbe';
  const at = `${pointer}/${key}`;
  const present = valueAt(workload, at) !== undefined;
  return (
    <Group
      path={`/containers/*/${key}`}
      pointer={at}
      tools={
        present && (
          <IconButton
            label={`Remove ${kind} probe`}
            symbol="✕"
            onClick={() => run('removeProbe', { container, kind })}
          />
        )
      }
    >
      <Group path={`/containers/*/${key}/httpGet`} pointer={`${at}/httpGet`}>
        <ScalarField path={`/containers/*/${key}/httpGet/path`} pointer={`${at}/httpGet/path`} />
        <ScalarField path={`/containers/*/${key}/httpGet/port`} pointer={`${at}/httpGet/port`} />
        <ScalarField path={`/containers/*/${key}/httpGet/host`} pointer={`${at}/httpGet/host`} />
        <ScalarField path={`/containers/*/${key}/httpGet/scheme`} pointer={`${at}/httpGet/scheme`} />
        <Headers probeKey={key} pointer={`${at}/httpGet/httpHeaders`} />
      </Group>
      <Group path={`/containers/*/${key}/exec`} pointer={`${at}/exec`}>
        <ListEditor
          path={`/containers/*/${key}/exec/command`}
          itemPath={`/containers/*/${key}/exec/command/*`}
          pointer={`${at}/exec/command`}
          itemLabel="Check command item"
        />
      </Group>
    </Group>
  );
}

function Headers({ probeKey, pointer }: { probeKey: 'livenessProbe' | 'readinessProbe'; pointer: string }) {
  const { workload, run } = useInspector();
  const value = valueAt(workload, pointer);
  const headers = Array.isArray(value) ? value : [];
  return (
    <Group path={`/containers/*/${probeKey}/httpGet/httpHeaders`} pointer={pointer}>
      {headers.map((_, i) => {
        const at = childPointer(pointer, i);
        return (
          <Group
            key={`${i}|${headers.length}`}
            path={`/containers/*/${probeKey}/httpGet/httpHeaders/*`}
            pointer={at}
            legend={`Header ${i + 1}`}
            tools={
              <IconButton
                label={`Remove header ${i + 1}`}
                symbol="✕"
                onClick={() => run('unsetField', { pointer: at })}
              />
            }
          >
            <ScalarField path={`/containers/*/${probeKey}/httpGet/httpHeaders/*/name`} pointer={`${at}/name`} />
            <ScalarField path={`/containers/*/${probeKey}/httpGet/httpHeaders/*/value`} pointer={`${at}/value`} />
          </Group>
        );
      })}
      <AddRow
        fields={[{ label: 'New header name' }, { label: 'Its value' }]}
        button="Add header"
        ready={([name, v]) => name!.trim() !== '' && v !== ''}
        onAdd={([name, v]) =>
          run('setField', { pointer: childPointer(pointer, '-'), value: { name: name!.trim(), value: v! } })
        }
      />
    </Group>
  );
}
