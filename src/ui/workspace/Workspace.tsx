import { lazy, Suspense } from 'react';
import { useLayout } from '../../state/layout/context';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { usePlatformOn } from '../status/platform-context';
import { YamlPane } from '../yaml/YamlPane';
import { GraphPane } from './GraphPane';
import { InspectorPane } from '../inspector/InspectorPane';
import { Splitter } from './Splitter';

/** The Status pane (the orchestrator's view): downloaded when the view is first on. */
const StatusPane = lazy(() => import('../status/StatusPane').then((m) => ({ default: m.StatusPane })));

/**
 * The workspace: the graph in the centre, the YAML pane below or beside it, the inspector on the
 * right, the problems along the bottom, and beside them the Status pane while the orchestrator's view
 * is on. Sizes, placement and hidden panes come from the layout store.
 */
export function Workspace() {
  const placement = useLayout((s) => s.yamlPlacement);
  const sizes = useLayout((s) => s.sizes);
  const collapsed = useLayout((s) => s.collapsed);
  const status = usePlatformOn();
  const beside = placement === 'beside';
  // With the graph hidden, the YAML pane takes the room that is left.
  const yamlStyle = collapsed.graph ? { flex: '1 1 0' } : { flexBasis: sizes.yaml };
  const bottomShown = !collapsed.problems || (status && !collapsed.status);

  return (
    <main className="workspace" aria-label="Workspace">
      <div className="workspace-row">
        <div className={`workspace-centre ${beside ? 'beside' : 'below'}`}>
          <GraphPane />
          {!collapsed.graph && !collapsed.yaml && (
            <Splitter pane="yaml" vertical={beside} label="Resize the YAML pane" />
          )}
          <YamlPane style={yamlStyle} />
        </div>
        {!collapsed.inspector && <Splitter pane="inspector" vertical label="Resize the inspector" />}
        <InspectorPane style={{ width: sizes.inspector }} />
      </div>
      {bottomShown && <Splitter pane="problems" vertical={false} label="Resize the problems" />}
      {status ? (
        <div className="workspace-bottom" style={bottomShown ? { height: sizes.problems } : undefined}>
          <ProblemsPanel />
          {!collapsed.status && <Splitter pane="status" vertical label="Resize the Status pane" />}
          <Suspense fallback={null}>
            <StatusPane style={{ width: sizes.status }} />
          </Suspense>
        </div>
      ) : (
        <ProblemsPanel style={{ height: sizes.problems }} />
      )}
    </main>
  );
}
