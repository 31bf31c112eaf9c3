import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAutomationApi } from './state/document/automation';
import { recoverDocument, sessionLeaveCopy, startAutosave } from './state/drafts/autosave';
import { startBackgroundValidation } from './state/document/check/background-validation';
import { loadCatalogFromAddress, openCatalogStore } from './state/catalog/store';
import { DocumentStoreProvider } from './state/document/context';
import { createDocumentStore } from './state/document/store';
import { ProjectStoreProvider } from './state/project/context';
import { createProjectStore, otherTexts, projectAccess } from './state/project/store';
import { rehearsal } from './state/document/check/rehearsal';
import { validationWithCatalog } from './state/document/check/validation';
import { createExportStore } from './state/export/store';
import { previewExportsIn } from './state/export/preview';
import { readinessTargetOf } from './state/export/settings';
import { ExportStoreProvider } from './ui/export/export-context';
import { browserTabs, claimDraftSlot } from './state/drafts/draft-slot';
import { indexedDbDrafts } from './state/drafts/shelf';
import { LayoutStoreProvider } from './state/layout/context';
import { browserStorage } from './state/browser/storage';
import { createLayoutStore } from './state/layout/store';
import { createPlatformStore, platformHook } from './state/platform/store';
import { PlatformStoreProvider } from './ui/status/platform-context';
import { App } from './ui/app/App';
import { CatalogStoreProvider } from './ui/catalog/catalog-context';
import { ConfirmProvider } from './ui/dialog/confirm';
import { LibraryProvider } from './ui/library/LibraryProvider';
import { applyTheme, effectiveTheme, systemPrefersDark } from './ui/common/theme';

const layout = createLayoutStore();
// The theme before the first paint, so that a dark page never flashes light.
applyTheme(effectiveTheme(layout.getState().theme, systemPrefersDark()));

// This tab's working draft comes back (IndexedDB, within a moment; each tab has a draft slot of its
// own, see src/state/drafts/draft-slot.ts), or the start screen shows.
const tabs = browserTabs();
const draftSlot = claimDraftSlot(indexedDbDrafts(), tabs);
// As the page goes, other tabs learn that the slot may be a reloading tab's, not to be taken up.
void draftSlot.then((slot) => addEventListener('pagehide', () => tabs.markLeft(slot.name)));
// Copies of the draft made as the page leaves, while a write to IndexedDB may not finish (a reload).
const session = browserStorage('sessionStorage');
// Meanwhile the resource catalog: built-in provisioners plus the files the user loaded (or named in
// ?catalog=); stored files are read before the first check, which must see their provisioners.
const [catalogStore, recovered] = await Promise.all([
  openCatalogStore({
    storage: browserStorage('localStorage'),
    pageUrl: location.href,
    configuredUrl: import.meta.env.VITE_CATALOG_URL as string | undefined,
  }),
  draftSlot.then(async (slot) => ({
    // A duplicated tab reads the copy its original made on leaving, if any (a reload raced it).
    ...(await recoverDocument(slot.storage, undefined, sessionLeaveCopy(session, slot.copiedFrom ?? slot.name))),
    waitingDrafts: slot.waiting,
  })),
]);
// Every check runs against the active catalog; those that follow typing in a very long text run in a
// worker, so that typing is never blocked. The inspector's export previews run there too.
// The export: seeds and last exports per workload (localStorage), the catalog's provisioners, and the
// target export readiness checks (with the Kubernetes export's options).
const exportStore = createExportStore({ storage: browserStorage('localStorage'), catalog: catalogStore });
const background = startBackgroundValidation({
  catalogFiles: () => catalogStore.getState().files,
  readinessTarget: () => readinessTargetOf(exportStore.getState()),
  // The project's other workloads (made below): the Compose readiness exports them with the workload.
  peers: () => otherTexts(project.getState()),
});
previewExportsIn(background);
// The orchestrator's view: the platform's files (kept like the catalog's), previewed after each check.
const platformStore = createPlatformStore(browserStorage('localStorage'));
const store = createDocumentStore(recovered, {
  validate: validationWithCatalog(() => catalogStore.getState().catalog),
  background,
  rehearse: rehearsal(() => catalogStore.getState().catalog),
  platform: platformHook(platformStore),
});
// The workloads open together (the one edited is the store's): kept in the draft with it.
const project = createProjectStore(store, recovered.project);
catalogStore.subscribe((next, previous) => {
  if (next.catalog !== previous.catalog) store.getState().recheck();
});
platformStore.subscribe((next, previous) => {
  if (next.on !== previous.on || (next.on && next.files !== previous.files)) store.getState().recheck();
});
void loadCatalogFromAddress(catalogStore, location.href)?.then((result) => {
  if ('error' in result) store.getState().say('error', result.error);
});
const slot = await draftSlot;
startAutosave(store, slot.storage, { leaveCopy: sessionLeaveCopy(session, slot.name), project });

// The automation API (see src/state/document/automation.ts).
window.scoreDesigner = createAutomationApi(store, projectAccess(project, store));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LayoutStoreProvider store={layout}>
      <DocumentStoreProvider store={store}>
        <ProjectStoreProvider store={project}>
          <CatalogStoreProvider store={catalogStore}>
            <PlatformStoreProvider store={platformStore}>
              <ExportStoreProvider store={exportStore}>
                <ConfirmProvider>
                  {/* The workload library: its settings and repository, Ctrl/Cmd+S, the leave guard, share links. */}
                  <LibraryProvider>
                    <App />
                  </LibraryProvider>
                </ConfirmProvider>
              </ExportStoreProvider>
            </PlatformStoreProvider>
          </CatalogStoreProvider>
        </ProjectStoreProvider>
      </DocumentStoreProvider>
    </LayoutStoreProvider>
  </StrictMode>,
);
