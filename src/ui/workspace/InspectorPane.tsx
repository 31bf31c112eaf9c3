import { lazy, Suspense, type CSSProperties } from 'react';
import { Pane } from '../common/Pane';
import { StaleNote } from '../common/StaleNote';

// The forms load after the first paint, as the canvas and Monaco do: the start screen and the YAML
// never wait for them, and a first visit downloads less before the app can run.
export const loadInspector = () => import('../inspector/InspectorBody');
const InspectorBody = lazy(() => loadInspector().then((m) => ({ default: m.InspectorBody })));

/** The right pane: the form of what is selected (src/ui/inspector). */
export function InspectorPane({ style }: { style?: CSSProperties }) {
  return (
    <Pane id="inspector" title="Inspector" className="inspector-pane" style={style}>
      <StaleNote />
      <Suspense fallback={<p className="placeholder">Loading the inspector…</p>}>
        <InspectorBody />
      </Suspense>
    </Pane>
  );
}
