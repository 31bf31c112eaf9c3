import { useDocument } from '../../state/document-context';
import { Pane } from './Pane';
import { StaleNote } from './StaleNote';

/**
 * The right pane. Slot for the inspector (src/ui/inspector, a later issue): replace
 * InspectorPlaceholder with it. It edits what `selection` points at, through core commands.
 */
export function InspectorPane({ style }: { style?: React.CSSProperties }) {
  return (
    <Pane id="inspector" title="Inspector" className="inspector-pane" style={style}>
      <StaleNote />
      <InspectorPlaceholder />
    </Pane>
  );
}

function InspectorPlaceholder() {
  const pointer = useDocument((s) => s.selection?.pointer);
  return (
    <div className="placeholder">
      <p>The form for the selected container or resource will appear here.</p>
      <p>
        Selected:{' '}
        {pointer === undefined ? (
          <span className="muted">nothing</span>
        ) : (
          <code data-testid="selected-pointer">{pointer === '' ? '(the whole workload)' : pointer}</code>
        )}
      </p>
    </div>
  );
}
