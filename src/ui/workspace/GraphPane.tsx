import { Pane } from './Pane';
import { StaleNote } from './StaleNote';

/**
 * The centre pane. Slot for the graph (src/ui/graph, a later issue): replace GraphPlaceholder with it.
 * It renders from the store's `readable` report and follows and sets `selection`.
 */
export function GraphPane() {
  return (
    <Pane id="graph" title="Graph" className="graph-pane">
      <StaleNote />
      <GraphPlaceholder />
    </Pane>
  );
}

function GraphPlaceholder() {
  return <p className="placeholder">The graph of the workload’s containers and resources will appear here.</p>;
}
