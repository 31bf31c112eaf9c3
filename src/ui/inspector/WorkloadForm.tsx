import { childPointer } from '../../core/document/pointer';
import { asRecord, scalarText, valueAt } from '../../core/inspector';
import { AddRow, IconButton, KeyValueEditor } from './collections';
import { Group, KeyField } from './Field';
import { useInspector } from './inspector-context';
import { ScalarField } from './ScalarField';
import { TreeMap } from './TreeEditor';

/** The workload's own form: API version, name, annotations, other metadata, service ports, and its parts. */
export function WorkloadForm() {
  const { run } = useInspector();
  return (
    <>
      <ScalarField path="/apiVersion" pointer="/apiVersion" optional={false} />
      <Group path="/metadata" pointer="/metadata">
        <ScalarField path="/metadata/name" pointer="/metadata/name" />
        <KeyValueEditor
          path="/metadata/annotations"
          entryPath="/metadata/annotations/*"
          pointer="/metadata/annotations"
          keyLabel="Annotation"
          valueLabel="Value"
          commands={{
            set: (key, value) => run('setAnnotation', { key, value }),
            remove: (key) => run('removeAnnotation', { key }),
            rename: (from, to) => run('renameAnnotation', { from, to }),
          }}
        />
        <Group path="/metadata/*">
          <TreeMap path="/metadata/*" pointer="/metadata" label="Metadata key" exclude={['name', 'annotations']} />
        </Group>
      </Group>
      <Group path="/service" pointer="/service">
        <ServicePorts />
      </Group>
      <PartsList root="containers" />
      <PartsList root="resources" />
    </>
  );
}

function ServicePorts() {
  const { workload, run } = useInspector();
  const pointer = '/service/ports';
  const ports = Object.entries(asRecord(valueAt(workload, pointer)) ?? {});
  return (
    <Group path="/service/ports" pointer={pointer}>
      {ports.map(([name]) => {
        const at = childPointer(pointer, name);
        return (
          <Group
            key={name}
            path="/service/ports/*"
            pointer={at}
            legend={`Service port ${name}`}
            tools={
              <IconButton
                label={`Remove service port ${name}`}
                symbol="✕"
                onClick={() => run('removeServicePort', { name })}
              />
            }
          >
            <KeyField label="Port name" value={name} onRename={(to) => run('renameServicePort', { from: name, to })} />
            <ScalarField path="/service/ports/*/port" pointer={`${at}/port`} />
            <ScalarField path="/service/ports/*/targetPort" pointer={`${at}/targetPort`} />
            <ScalarField path="/service/ports/*/protocol" pointer={`${at}/protocol`} />
          </Group>
        );
      })}
      <AddRow
        fields={[{ label: 'New port name' }, { label: 'Its port number' }]}
        button="Add service port"
        ready={([name, port]) => name!.trim() !== '' && /^\d+$/.test(port!.trim())}
        onAdd={([name, port]) => run('setServicePort', { name: name!.trim(), port: Number(port) })}
      />
    </Group>
  );
}

/** The workload's containers or resources, each a button that opens its form. */
function PartsList({ root }: { root: 'containers' | 'resources' }) {
  const { workload, open } = useInspector();
  const parts = Object.entries(asRecord(valueAt(workload, `/${root}`)) ?? {});
  const detail = (part: unknown) => scalarText(asRecord(part)?.[root === 'containers' ? 'image' : 'type']);
  return (
    <Group path={`/${root}`} pointer={`/${root}`}>
      {parts.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="parts">
          {parts.map(([name, part]) => (
            <li key={name}>
              <button type="button" className="link-button" onClick={() => open(childPointer(`/${root}`, name))}>
                {name}
              </button>{' '}
              <span className="muted">{detail(part)}</span>
            </li>
          ))}
        </ul>
      )}
    </Group>
  );
}
