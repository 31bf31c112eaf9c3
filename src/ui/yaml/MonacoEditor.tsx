import { useEffect, useRef, useState } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { useCatalogStore } from '../catalog/catalog-context';
import { useExportStore } from '../export/export-context';
import type { Theme } from '../common/theme';
import { configureMonaco, EDITOR_THEMES, MODEL_URI } from './monaco-setup';
import { registerPlaceholderHover } from './placeholder-hover';
import { registerPlaceholderCompletion } from './placeholder-provider';
import { registerQuickFixActions } from './quick-fix-actions';
import type { TabHint } from './tab-leaves';
import { registerResourceTypeSupport } from './type-provider';
import { mountYamlEditor } from './yaml-editor';

/**
 * The YAML pane's editor: Monaco with the Score schema. Loaded lazily (this module pulls in Monaco);
 * a small wrapper rather than a React binding package, which would fetch Monaco from a CDN.
 */
export default function MonacoEditor({ label, theme }: { label: string; theme: Theme }) {
  const store = useDocumentStore();
  const catalogStore = useCatalogStore();
  const exportStore = useExportStore();
  const host = useRef<HTMLDivElement>(null);
  const [tabHint, setTabHint] = useState<TabHint>('');

  useEffect(() => {
    const monaco = configureMonaco();
    const editor = mountYamlEditor(monaco, host.current!, store, {
      ariaLabel: label,
      modelUri: MODEL_URI,
      onTabHint: setTabHint,
    });
    const completion = registerPlaceholderCompletion(monaco, () => ({
      parsed: store.getState().readable.parsed,
      catalog: catalogStore.getState().catalog,
    }));
    const hover = registerPlaceholderHover(monaco, () => ({
      parsed: store.getState().readable.parsed,
      catalog: catalogStore.getState().catalog,
      seedOf: (workload) => exportStore.getState().ensureSeed(workload),
    }));
    const fixes = registerQuickFixActions(monaco, store, () => catalogStore.getState().catalog);
    const types = registerResourceTypeSupport(monaco, () => catalogStore.getState().catalog);
    return () => {
      types.dispose();
      fixes.dispose();
      hover.dispose();
      completion.dispose();
      editor.dispose();
    };
  }, [store, catalogStore, exportStore, label]);

  useEffect(() => {
    configureMonaco().editor.setTheme(EDITOR_THEMES[theme]);
  }, [theme]);

  return (
    <div className="monaco-frame">
      <div ref={host} className="monaco-host" data-testid="monaco-editor" />
      {/* Read out when it changes, as VS Code's "Tab moves focus" status: what Tab does here. */}
      <p className="editor-tab-hint" role="status" aria-label="YAML editor keys">
        {tabHint}
      </p>
    </div>
  );
}
