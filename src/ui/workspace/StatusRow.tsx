import { useLayout } from '../../state/layout/context';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { StatusPane } from '../status/StatusPane';
import { Splitter } from './Splitter';

/**
 * The bottom of the workspace while the orchestrator's view is on: the problems, and beside them the
 * Status pane. Downloaded with the view (the first page has the problems alone).
 */
export function StatusRow() {
  const sizes = useLayout((s) => s.sizes);
  const collapsed = useLayout((s) => s.collapsed);
  const shown = !collapsed.problems || !collapsed.status;
  return (
    <>
      {shown && <Splitter pane="problems" vertical={false} label="Resize the problems" />}
      <div className="workspace-bottom" style={shown ? { height: sizes.problems } : undefined}>
        <ProblemsPanel />
        {!collapsed.status && <Splitter pane="status" vertical label="Resize the Status pane" />}
        <StatusPane style={{ width: sizes.status }} />
      </div>
    </>
  );
}
