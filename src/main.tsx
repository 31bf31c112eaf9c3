import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAutomationApi } from './state/automation';
import { recoverDocument, startAutosave } from './state/autosave';
import { startBackgroundValidation } from './state/background-validation';
import { DocumentStoreProvider } from './state/document-context';
import { createDocumentStore } from './state/document-store';
import { indexedDbDrafts } from './state/drafts';
import { LayoutStoreProvider } from './state/layout-context';
import { createLayoutStore } from './state/layout-store';
import { App } from './ui/App';
import { ConfirmProvider } from './ui/dialog/confirm';
import { applyTheme, effectiveTheme, systemPrefersDark } from './ui/theme';

const layout = createLayoutStore();
// The theme before the first paint, so that a dark page never flashes light.
applyTheme(effectiveTheme(layout.getState().theme, systemPrefersDark()));

// The last working draft comes back (IndexedDB, within a moment), or the start screen shows.
const drafts = indexedDbDrafts();
// Checks that follow typing run in a worker, so that typing in a large workload is never blocked.
const store = createDocumentStore(await recoverDocument(drafts), { background: startBackgroundValidation() });
startAutosave(store, drafts);

// The automation API (see src/state/automation.ts).
window.scoreDesigner = createAutomationApi(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LayoutStoreProvider store={layout}>
      <DocumentStoreProvider store={store}>
        <ConfirmProvider>
          <App />
        </ConfirmProvider>
      </DocumentStoreProvider>
    </LayoutStoreProvider>
  </StrictMode>,
);
