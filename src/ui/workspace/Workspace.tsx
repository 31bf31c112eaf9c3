import { lazy, Suspense } from 'react';
import { useLayout } from '../../state/layout/context';
import { ProblemsPanel } from '../problems/ProblemsPanel';
import { usePlatformOn } from '../status/platform-context';
import { YamlPane } from '../yaml/YamlPane';
import { GraphPane } from './GraphPane';
import { InspectorPane } from './InspectorPane';
import { Splitter } from './Splitter';

/** The problems with the Status pane beside them (the orchestrator's view): downloaded when the view is first on. */
const StatusRow = lazy(() => import('./StatusRow').then((m) => ({ default: m.StatusRow })));

/**
 * The workspace: the graph in the centre, the YAML pane below or beside it, the inspector on the
 * right, the problems along the bottom (with the Status pane beside them while the orchestrator's view
 * is on). Sizes, placement and hidden panes come from the layout store.
 */
export function Workspace() {
  const placement = useLayout((s) => s.yamlPlacement);
  const sizes = useLayout((s) => s.sizes);
  const collapsed = useLayout((s) => s.collapsed);
  const status = usePlatformOn();
  const beside = placement === 'beside';
  // With the graph hidden, the YAML pane takes the room that is left.
  const yamlStyle = collapsed.graph ? { flex: '1 1 0' } : { flexBasis: sizes.yaml };
  const problems = (
    <>
      {!collapsed.problems && <Splitter pane="problems" vertical={false} label="Resize the problems" />}
      <ProblemsPanel style={{ height: sizes.problems }} />
    </>
  );

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
      {status ? (
        <Suspense fallback={problems}>
          <StatusRow />
        </Suspense>
      ) : (
        problems
      )}
    </main>
  );
}
