import type { TemplateEntry } from '../../core/templates/list';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CatalogPage } from '../catalog/CatalogPage';
import { LibraryNotice } from '../library/LibraryNotice';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { useFileArrival } from './use-file-arrival';
import { IntentHostProvider } from '../intents/intent-host';
import { usePageKeys, useWorkspaceKeys } from '../intents/use-intent-keys';
import { useOpenWorkload } from '../start/use-open-workload';
import { useTheme } from '../common/use-theme';
import { Notices } from './Notices';
import { TopBar } from './TopBar';
import { StartScreen } from '../start/StartScreen';
import { Workspace } from '../workspace/Workspace';
import { whenIdle } from '../common/scheduling';
import { loadMonacoEditor } from '../yaml/YamlPane';
import { loadInspector } from '../workspace/InspectorPane';
import { AppDialogs, useAppDialogs } from './AppDialogs';
import { parseRoute, type Page } from './routes';
import { useRoutes } from './use-routes';
import { usePlatformStore } from '../status/platform-context';
import { useStatusControls } from '../status/status-controls';
import './app.css';
import '../workspace/workspace.css';

/** The library page: downloaded when first opened. */
const LibraryPage = lazy(() => import('../library/LibraryPage').then((m) => ({ default: m.LibraryPage })));

/** The app: the top bar, messages, and either the start screen or the workspace. */
export function App() {
  useTheme();
  usePreloadEditor();
  const open = useDocument(isOpen);
  const { openFile, openText, openTemplate } = useOpenWorkload();
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseFile = useCallback(() => fileInput.current?.click(), []);
  const onFile = useCallback((file: File) => void openFile(file), [openFile]);
  const onPastedText = useCallback((text: string) => void openText(text, 'the pasted text'), [openText]);
  const onTemplate = useCallback((t: TemplateEntry) => void openTemplate(t), [openTemplate]);
  const dragging = useFileArrival({ onFile, onText: onPastedText });
  // The page shown, as the address names it (#/catalog, #/library; see ./routes).
  const [page, setPage] = useState<Page>(() => parseRoute(window.location.hash)?.page ?? 'workspace');
  useRoutes(page, setPage);
  const catalogOpen = page === 'catalog';
  const libraryOpen = page === 'library';
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const status = useStatusControls(usePlatformStore(), useDocumentStore());
  // The app's pages and dialogs as the table of intents asks for them (palette, keys, Problems).
  const dialogs = useAppDialogs({
    newFromTemplate: () => setTemplatesOpen(true),
    openFile: chooseFile,
    showCatalog: () => setPage('catalog'),
    showLibrary: () => setPage('library'),
    ...(status ? { status } : {}),
  });
  useWorkspaceKeys(dialogs.host.app);
  usePageKeys(dialogs.host.app);

  return (
    <IntentHostProvider host={dialogs.host}>
      <div className={`app${dragging ? ' dragging' : ''}`}>
        <TopBar
          onTemplate={onTemplate}
          templatesOpen={templatesOpen}
          setTemplatesOpen={setTemplatesOpen}
          onOpenFile={chooseFile}
          catalogOpen={catalogOpen}
          onCatalog={() => setPage((p) => (p === 'catalog' ? 'workspace' : 'catalog'))}
          libraryOpen={libraryOpen}
          onLibrary={() => setPage((p) => (p === 'library' ? 'workspace' : 'library'))}
        />
        <Notices />
        <LibraryNotice />
        {catalogOpen ? (
          <CatalogPage onClose={() => setPage('workspace')} />
        ) : libraryOpen ? (
          <Suspense fallback={null}>
            <LibraryPage onClose={() => setPage('workspace')} />
          </Suspense>
        ) : open ? (
          <Workspace />
        ) : (
          <StartScreen onTemplate={onTemplate} onOpenFile={chooseFile} />
        )}
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="Open a workload file"
          accept=".yaml,.yml,.json,application/yaml,application/x-yaml,text/yaml,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // so that choosing the same file again opens it again
            if (file) onFile(file);
          }}
        />
        {dragging && (
          <div className="drop-overlay" aria-hidden="true">
            Drop the file to open it
          </div>
        )}
        <AppDialogs {...dialogs} />
      </div>
    </IntentHostProvider>
  );
}

/** Monaco and the inspector's forms are fetched once the first page is up, so that they are ready by the time a workload is open. */
function usePreloadEditor(): void {
  // The panes report failures themselves.
  useEffect(() => whenIdle(() => void Promise.all([loadMonacoEditor(), loadInspector()]).catch(() => {})), []);
}
