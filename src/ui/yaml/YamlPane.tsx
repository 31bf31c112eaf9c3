import { lazy, Suspense, useId, useState } from 'react';
import { useLayout } from '../../state/layout/context';
import { ExportPreview } from '../export/ExportPreview';
import { useTheme } from '../common/use-theme';
import { Pane } from '../common/Pane';
import { EditorBoundary } from './EditorBoundary';
import { TextareaEditor } from './TextareaEditor';

/** Loading this pulls in Monaco and monaco-yaml: a chunk of their own, never in the first one. */
export const loadMonacoEditor = () => import('./MonacoEditor');
const MonacoEditor = lazy(loadMonacoEditor);

export const EDITOR_LABEL = 'Workload YAML';

type View = 'yaml' | 'compose' | 'kubernetes';
const VIEWS: readonly View[] = ['yaml', 'compose', 'kubernetes'];
const LABELS = { yaml: 'Score YAML', compose: 'Compose preview', kubernetes: 'Kubernetes preview' };

/** The YAML pane: the workload's text, edited directly, and tabs with the compose.yaml and manifests.yaml it exports to. */
export function YamlPane({ style }: { style?: React.CSSProperties }) {
  const theme = useTheme();
  const placement = useLayout((s) => s.yamlPlacement);
  const setPlacement = useLayout((s) => s.setYamlPlacement);
  const other = placement === 'below' ? 'beside' : 'below';
  const [view, setView] = useState<View>('yaml');
  // One id for the tabs: `${id}tab-${view}` names a tab, `${id}${view}` its panel.
  const id = useId();
  const fallback = <TextareaEditor label={EDITOR_LABEL} />;
  const tab = (which: View) => (
    <button
      key={which}
      type="button"
      role="tab"
      id={`${id}tab-${which}`}
      aria-selected={view === which}
      aria-controls={id + which}
      tabIndex={view === which ? 0 : -1}
      className="pane-tool"
      onClick={() => setView(which)}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        // The tabs pattern: arrows select the next tab (round) and move the focus with the selection.
        const step = e.key === 'ArrowRight' ? 1 : VIEWS.length - 1;
        const next = VIEWS[(VIEWS.indexOf(view) + step) % VIEWS.length]!;
        setView(next);
        document.getElementById(`${id}tab-${next}`)?.focus();
      }}
    >
      {LABELS[which]}
    </button>
  );
  return (
    <Pane
      id="yaml"
      title="YAML"
      className="yaml-pane"
      style={style}
      tools={
        <>
          <div role="tablist" aria-label="YAML pane view" className="pane-tabs">
            {VIEWS.map((which) => tab(which))}
          </div>
          <button type="button" className="pane-tool" onClick={() => setPlacement(other)}>
            Put YAML {other} the graph
          </button>
        </>
      }
    >
      {/* The editor stays mounted while the preview shows: cursor, scroll and undo survive. */}
      <div
        role="tabpanel"
        id={`${id}yaml`}
        aria-labelledby={`${id}tab-yaml`}
        hidden={view !== 'yaml'}
        className="yaml-view"
      >
        <EditorBoundary fallback={fallback}>
          <Suspense fallback={fallback}>
            <MonacoEditor label={EDITOR_LABEL} theme={theme} />
          </Suspense>
        </EditorBoundary>
      </div>
      {view !== 'yaml' && (
        <div role="tabpanel" id={id + view} aria-labelledby={`${id}tab-${view}`} className="compose-view">
          <ExportPreview key={view} target={view} label={LABELS[view]} />
        </div>
      )}
    </Pane>
  );
}
