import { isRefusal } from '../../core/commands/command';
import { useDocumentStore } from '../../state/document/context';
import { useConfirm } from '../dialog/confirm';
import { useInspector } from './inspector-context';

/**
 * Remove for the container or resource the inspector shows, beside its heading: one undo step, and
 * the form goes back to the workload. A resource that is still referenced asks first: its
 * references would point at nothing, so they go with it (those inside a longer text stay, to edit
 * by hand), or nothing is removed.
 */
export function RemovePart({ kind, name }: { kind: 'container' | 'resource'; name: string }) {
  const store = useDocumentStore();
  const confirm = useConfirm();
  const { run, open, readOnly } = useInspector();

  const remove = async () => {
    if (kind === 'container') {
      if (!isRefusal(run('removeContainer', { name }))) open('');
      return;
    }
    // The reference finder belongs to the graph's code, loaded with the canvas: fetched here on use.
    const { referencesToResource } = await import('../../core/graph/dangling');
    const references = referencesToResource(store.getState().readable.parsed, name);
    if (references.length === 0) {
      if (!isRefusal(run('removeResource', { name }))) open('');
      return;
    }
    const one = references.length === 1;
    const agreed = await confirm({
      title: `Remove resource ${name}?`,
      message:
        `${one ? 'One reference' : `${references.length} references`} to it would point at nothing ` +
        `(${references.map((r) => r.where).join('; ')}). ${one ? 'It is' : 'They are'} removed with the resource, ` +
        'in one step that Undo takes back; a reference inside a longer text stays, for you to edit.',
      confirmLabel: 'Remove with its references',
      cancelLabel: 'Cancel',
    });
    if (agreed && !isRefusal(run('removeResourceWithReferences', { name }))) open('');
  };

  return (
    <button
      type="button"
      className="remove-part"
      disabled={readOnly}
      onClick={() => void remove()}
      aria-label={`Remove ${kind} ${name}`}
    >
      Remove
    </button>
  );
}
