import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defaultTemplate, templates } from '../../src/core/templates';
import { createAutomationApi } from '../../src/state/document/automation';
import { createCatalogStore } from '../../src/state/catalog/store';
import { validationWithCatalog } from '../../src/state/document/check/validation';
import { DocumentStoreProvider } from '../../src/state/document/context';
import { createDocumentStore, type DocumentStore } from '../../src/state/document/store';
import { CatalogStoreProvider } from '../../src/ui/catalog/catalog-context';
import { GraphPane } from '../../src/ui/graph/GraphPane';
import '../../src/ui/app/app.css';
import { generateWorkload } from '../workload-generator';

/**
 * The graph pane alone, on a page of its own, for the bench (bench/graph/run.mjs): the same
 * component and store the app uses, without the rest of the workspace, so that what is timed is
 * the canvas. `?size=N` opens a generated workload of N containers and N resources, `?template=NAME` a template.
 */
const params = new URLSearchParams(location.search);
const size = Number(params.get('size') ?? 0);
const template = templates.find((t) => t.name === params.get('template')) ?? defaultTemplate;
const text = size > 0 ? generateWorkload(size, size) : template.text;
// Checked as the app checks (src/main.tsx): with the catalog layer, which finds the placeholders the
// canvas then reuses.
const catalogStore = createCatalogStore();
// When the text went into the store, and when the store held it checked: the first render is timed
// from the first (run.mjs), the check's part of it reported apart.
const textAt = performance.now();
const store = createDocumentStore(
  { text, origin: 'the bench' },
  { validate: validationWithCatalog(() => catalogStore.getState().catalog) },
);
const checkedAt = performance.now();
window.scoreDesigner = createAutomationApi(store);
(window as unknown as { graphBench: GraphBench }).graphBench = { store, textAt, checkedAt };

interface GraphBench {
  store: DocumentStore;
  textAt: number;
  checkedAt: number;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DocumentStoreProvider store={store}>
      <CatalogStoreProvider store={catalogStore}>
        <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
          <GraphPane />
        </div>
      </CatalogStoreProvider>
    </DocumentStoreProvider>
  </StrictMode>,
);
