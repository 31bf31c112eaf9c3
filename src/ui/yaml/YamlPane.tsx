import { lazy, Suspense } from 'react';
import { useLayout } from '../../state/layout-context';
import { useTheme } from '../hooks/use-theme';
import { Pane } from '../workspace/Pane';
import { EditorBoundary } from './EditorBoundary';
import { TextareaEditor } from './TextareaEditor';

/** Loading this pulls in Monaco and monaco-yaml: a chunk of their own, never in the first one. */
export const loadMonacoEditor = () => import('./MonacoEditor');
const MonacoEditor = lazy(loadMonacoEditor);

export const EDITOR_LABEL = 'Workload YAML';

/** The YAML pane: the workload's text, edited directly. Below the graph or beside it, as the user chooses. */
export function YamlPane({ style }: { style?: React.CSSProperties }) {
  const theme = useTheme();
  const placement = useLayout((s) => s.yamlPlacement);
  const setPlacement = useLayout((s) => s.setYamlPlacement);
  const other = placement === 'below' ? 'beside' : 'below';
  const fallback = <TextareaEditor label={EDITOR_LABEL} />;
  return (
    <Pane
      id="yaml"
      title="YAML"
      className="yaml-pane"
      style={style}
      tools={
        <button type="button" className="pane-tool" onClick={() => setPlacement(other)}>
          Put YAML {other} the graph
        </button>
      }
    >
      <EditorBoundary fallback={fallback}>
        <Suspense fallback={fallback}>
          <MonacoEditor label={EDITOR_LABEL} theme={theme} />
        </Suspense>
      </EditorBoundary>
    </Pane>
  );
}
