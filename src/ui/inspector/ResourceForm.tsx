import { useMemo } from 'react';
import { asRecord, outputsOfType, resourceTypes, typeOrigin, valueAt } from '../../core/inspector';
import { useCatalog } from '../catalog/catalog-context';
import { KeyValueEditor } from './collections';
import { Group, KeyField } from './Field';
import { useInspector } from './inspector-context';
import { ScalarField } from './ScalarField';
import { TreeMap } from './TreeEditor';

/** A resource's form: type (from the list of known types, or any other), class, id, metadata, params. */
export function ResourceForm({ name, pointer }: { name: string; pointer: string }) {
  const { workload, run } = useInspector();
  const catalog = useCatalog((s) => s.catalog);
  // Every type of the catalog, a loaded file's marked with its name.
  const types = useMemo(() => resourceTypes(catalog), [catalog]);
  const typeChoices = useMemo(
    () => types.map((t) => ({ value: t.type, label: choiceLabel(t.title, typeOrigin(catalog, t.type)) })),
    [types, catalog],
  );
  const type = asRecord(valueAt(workload, pointer))?.type;
  const outputs = outputsOfType(type, catalog);
  const origin = typeof type === 'string' ? typeOrigin(catalog, type) : undefined;
  return (
    <>
      <KeyField label="Resource name" value={name} onRename={(to) => run('renameResource', { from: name, to })} />
      <ScalarField path="/resources/*/type" pointer={`${pointer}/type`} suggestions={typeChoices} />
      <ScalarField path="/resources/*/class" pointer={`${pointer}/class`} />
      <ScalarField path="/resources/*/id" pointer={`${pointer}/id`} />
      <Group path="/resources/*/metadata" pointer={`${pointer}/metadata`}>
        <KeyValueEditor
          path="/resources/*/metadata/annotations"
          entryPath="/resources/*/metadata/annotations/*"
          pointer={`${pointer}/metadata/annotations`}
          keyLabel="Annotation"
          valueLabel="Value"
          commands={{
            set: (key, value) => run('setAnnotation', { resource: name, key, value }),
            remove: (key) => run('removeAnnotation', { resource: name, key }),
            rename: (from, to) => run('renameAnnotation', { resource: name, from, to }),
          }}
        />
        <Group path="/resources/*/metadata/*">
          <TreeMap
            path="/resources/*/metadata/*"
            pointer={`${pointer}/metadata`}
            label="Metadata key"
            exclude={['annotations']}
          />
        </Group>
      </Group>
      <Group path="/resources/*/params" pointer={`${pointer}/params`}>
        <TreeMap
          path="/resources/*/params/*"
          pointer={`${pointer}/params`}
          label="Param"
          commands={{
            set: (param, value) => run('setResourceParam', { resource: name, name: param, value }),
            remove: (param) => run('removeResourceParam', { resource: name, name: param }),
            rename: (from, to) => run('renameResourceParam', { resource: name, from, to }),
          }}
        />
      </Group>
      {outputs.length > 0 && (
        <section className="outputs" aria-label={`Outputs of ${name}`}>
          <h4>Outputs</h4>
          <p className="field-hint">
            What a {String(type)} resource provides ({origin ?? 'score-compose’s default provisioner'}). Use them in
            variables as <code>{'${resources.' + name + '.OUTPUT}'}</code>.
          </p>
          <dl>
            {outputs.map((o) => (
              <div key={o.name}>
                <dt>
                  <code>{o.name}</code>
                  {o.secret && <span className="muted"> (secret)</span>}
                </dt>
                <dd>{o.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

/** How the type list shows a type: its title, and the file it comes from when a loaded file offers it. */
function choiceLabel(title: string, origin: string | undefined): string {
  return origin === undefined ? title : `${title} (${origin})`;
}
