import { lazy, Suspense, useId, useState } from 'react';
import { useLayout } from '../../state/layout/context';
import { ComposePreview } from '../export/ComposePreview';
import { useTheme } from '../common/use-theme';
import { Pane } from '../common/Pane';
import { EditorBoundary } from './EditorBoundary';
import { TextareaEditor } from './TextareaEditor';

/** Loading this pulls in Monaco and monaco-yaml: a chunk of their own, never in the first one. */
export const loadMonacoEditor = () => import('./MonacoEditor');
const MonacoEditor = lazy(loadMonacoEditor);

export const EDITOR_LABEL = 'Workload YAML';

type View = 'yaml' | 'compose';

/** The YAML pane: the workload's text, edited directly, and a tab with the compose.yaml it exports to. */
export function YamlPane({ style }: { style?: React.CSSProperties }) {
  const theme = useTheme();
  const placement = useLayout((s) => s.yamlPlacement);
  const setPlacement = useLayout((s) => s.setYamlPlacement);
  const other = placement === 'below' ? 'beside' : 'below';
  const [view, setView] = useState<View>('yaml');
  const ids = { yaml: useId(), compose: useId(), yamlTab: useId(), composeTab: useId() };
  const fallback = <TextareaEditor label={EDITOR_LABEL} />;
  const tab = (which: View, label: string) => (
    <button
      type="button"
      role="tab"
      id={which === 'yaml' ? ids.yamlTab : ids.composeTab}
      aria-selected={view === which}
      aria-controls={ids[which]}
      tabIndex={view === which ? 0 : -1}
      className="pane-tool"
      onClick={() => setView(which)}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        // The tabs pattern: arrows select the other tab and move the focus with the selection.
        const next = view === 'yaml' ? 'compose' : 'yaml';
        setView(next);
        document.getElementById(next === 'yaml' ? ids.yamlTab : ids.composeTab)?.focus();
      }}
    >
      {label}
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
            {tab('yaml', 'Score YAML')}
            {tab('compose', 'Compose preview')}
          </div>
          <button type="button" className="pane-tool" onClick={() => setPlacement(other)}>
            Put YAML {other} the graph
          </button>
        </>
      }
    >
      {/* The editor stays mounted while the preview shows: cursor, scroll and undo survive. */}
      <div role="tabpanel" id={ids.yaml} aria-labelledby={ids.yamlTab} hidden={view !== 'yaml'} className="yaml-view">
        <EditorBoundary fallback={fallback}>
          <Suspense fallback={fallback}>
            <MonacoEditor label={EDITOR_LABEL} theme={theme} />
          </Suspense>
        </EditorBoundary>
      </div>
      {view === 'compose' && (
        <div role="tabpanel" id={ids.compose} aria-labelledby={ids.composeTab} className="compose-view">
          <ComposePreview />
        </div>
      )}
    </Pane>
  );
}
