import { lazy, Suspense } from 'react';
import { Pane } from '../common/Pane';
import { StaleNote } from '../common/StaleNote';

// The canvas (React Flow and dagre) loads after the first paint, as Monaco does: the start screen
// and the YAML never wait for it.
const GraphCanvas = lazy(() => import('../graph/GraphPane').then((m) => ({ default: m.GraphPane })));

/** The centre pane: the workload's containers, resources and start order (src/ui/graph). */
export function GraphPane() {
  return (
    <Pane id="graph" title="Graph" className="graph-pane">
      <StaleNote />
      <Suspense fallback={<p className="placeholder">Loading the graph…</p>}>
        <GraphCanvas />
      </Suspense>
    </Pane>
  );
}
