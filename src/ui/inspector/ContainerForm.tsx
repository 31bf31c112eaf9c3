import { asRecord, previewValue, valueAt } from '../../core/inspector';
import { KeyValueEditor, ListEditor } from './collections';
import { useExportedVariables, usePreviewInput } from './use-exported-variables';
import { Group, KeyField } from './Field';
import { FilesEditor, VolumesEditor } from './MountsEditor';
import { useInspector } from './inspector-context';
import { ProbeEditor } from './ProbeEditor';
import { ScalarField } from './ScalarField';
import { StartOrderEditor } from './StartOrderEditor';

/** A container's form: every field of the Score container spec. */
export function ContainerForm({ name, pointer }: { name: string; pointer: string }) {
  const { run } = useInspector();
  return (
    <>
      <KeyField label="Container name" value={name} onRename={(to) => run('renameContainer', { from: name, to })} />
      <ScalarField path="/containers/*/image" pointer={`${pointer}/image`} />
      <ListEditor
        path="/containers/*/command"
        itemPath="/containers/*/command/*"
        pointer={`${pointer}/command`}
        itemLabel="Command item"
      />
      <ListEditor
        path="/containers/*/args"
        itemPath="/containers/*/args/*"
        pointer={`${pointer}/args`}
        itemLabel="Argument"
      />
      <Variables name={name} pointer={pointer} />
      <FilesEditor container={name} pointer={`${pointer}/files`} />
      <VolumesEditor container={name} pointer={`${pointer}/volumes`} />
      <Group path="/containers/*/resources" pointer={`${pointer}/resources`}>
        {(['requests', 'limits'] as const).map((which) => (
          <Group key={which} path={`/containers/*/resources/${which}`} pointer={`${pointer}/resources/${which}`}>
            <ScalarField path={`/containers/*/resources/${which}/cpu`} pointer={`${pointer}/resources/${which}/cpu`} />
            <ScalarField
              path={`/containers/*/resources/${which}/memory`}
              pointer={`${pointer}/resources/${which}/memory`}
            />
          </Group>
        ))}
      </Group>
      <ProbeEditor container={name} pointer={pointer} kind="liveness" />
      <ProbeEditor container={name} pointer={pointer} kind="readiness" />
      <StartOrderEditor container={name} pointer={pointer} />
    </>
  );
}

function Variables({ name, pointer }: { name: string; pointer: string }) {
  // The text as the rest of the form has it (after typing, a frame late: see InspectorProvider).
  const { workload, text, run } = useInspector();
  const variables = asRecord(valueAt(workload, `${pointer}/variables`));
  const needsExport = Object.values(variables ?? {}).some((v) => typeof v === 'string' && v.includes('${resources.'));
  const workloadName = asRecord(asRecord(workload)?.metadata)?.name;
  const input = usePreviewInput(typeof workloadName === 'string' ? workloadName : '', needsExport);
  const exported = useExportedVariables(text, needsExport, input);
  return (
    <KeyValueEditor
      path="/containers/*/variables"
      entryPath="/containers/*/variables/*"
      pointer={`${pointer}/variables`}
      keyLabel="Variable"
      valueLabel="Value"
      placeholders
      commands={{
        set: (key, value) => run('setVariable', { container: name, name: key, value }),
        remove: (key) => run('removeVariable', { container: name, name: key }),
        rename: (from, to) => run('renameVariable', { container: name, from, to }),
      }}
      describe={(key, value) => {
        if (typeof value !== 'string') return null;
        const preview = previewValue(value, workload, exported?.get(name)?.[key]);
        if (!preview) return null;
        if (preview.sampled) {
          return (
            <p className="preview">
              In the Compose export: <code>{preview.text}</code>
            </p>
          );
        }
        if (preview.text === value) {
          return (
            <p className="preview muted">
              Filled in once the resources are provisioned (the Compose export cannot run on the workload as it is).
            </p>
          );
        }
        return (
          <p className="preview">
            Resolves to: <code>{preview.text}</code>
            {preview.unresolved.length > 0 && (
              <span className="muted"> ({preview.unresolved.join(', ')} filled in once provisioned)</span>
            )}
          </p>
        );
      }}
    />
  );
}
