import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defaultTemplate } from './core/templates';
import { createAutomationApi } from './state/automation';
import { DocumentStoreProvider } from './state/document-context';
import { createDocumentStore } from './state/document-store';
import { App } from './ui/App';

const store = createDocumentStore({ text: defaultTemplate.text, origin: `the template “${defaultTemplate.title}”` });

// The automation API (see src/state/automation.ts): window.scoreDesigner.getText(), .setText(text), .getDiagnostics().
window.scoreDesigner = createAutomationApi(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DocumentStoreProvider store={store}>
      <App />
    </DocumentStoreProvider>
  </StrictMode>,
);
