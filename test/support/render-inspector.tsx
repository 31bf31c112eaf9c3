import { renderToStaticMarkup } from 'react-dom/server';
import { createCatalogStore } from '../../src/state/catalog/store';
import { DocumentStoreProvider } from '../../src/state/document/context';
import { createDocumentStore, type SelectionSource } from '../../src/state/document/store';
import { createExportStore } from '../../src/state/export/store';
import { CatalogStoreProvider } from '../../src/ui/catalog/catalog-context';
import { ExportStoreProvider } from '../../src/ui/export/export-context';
import { ConfirmProvider } from '../../src/ui/dialog/confirm';
import { InspectorBody } from '../../src/ui/inspector/InspectorBody';
import { loadPartForms } from '../../src/ui/inspector/lazy-forms';

// A container's and a resource's forms load apart from the page (lazy-forms.tsx); rendered on the
// server, as here, they must be there before the first render, which cannot wait for them.
await loadPartForms();

/**
 * Test helpers: the inspector rendered to HTML (no DOM here: vitest runs in Node) and read back as
 * a small element tree. React escapes `<`, `>` and quotes inside attributes and text, so tags can be
 * read with a tokenizer.
 */
export function renderInspector(text: string, pointer?: string, source: SelectionSource = 'graph'): string {
  const store = createDocumentStore({ text, origin: 'test' });
  if (pointer !== undefined) store.getState().select(pointer, source);
  // Rendering on the server reads the store's initial state: hand it the current one.
  const current = { ...store, getInitialState: store.getState };
  return renderToStaticMarkup(
    <DocumentStoreProvider store={current}>
      <CatalogStoreProvider store={createCatalogStore()}>
        <ExportStoreProvider store={createExportStore()}>
          <ConfirmProvider>
            <InspectorBody />
          </ConfirmProvider>
        </ExportStoreProvider>
      </CatalogStoreProvider>
    </DocumentStoreProvider>,
  );
}

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlElement[];
  text: string;
}

const VOID = new Set([
  'input',
  'br',
  'img',
  'hr',
  'meta',
  'link',
  'col',
  'area',
  'base',
  'embed',
  'source',
  'track',
  'wbr',
]);

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([a-zA-Z0-9-]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/g;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const top = stack[stack.length - 1]!;
    if (m[4] !== undefined) {
      const text = decode(m[4]);
      for (const open of stack) open.text += text;
      continue;
    }
    const [, closing, tag, rawAttrs] = m;
    if (closing) {
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) attrs[a[1]!] = decode(a[2] ?? '');
    const element: HtmlElement = { tag: tag!.toLowerCase(), attrs, children: [], text: '' };
    top.children.push(element);
    if (!VOID.has(element.tag)) stack.push(element);
  }
  return root;
}

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function* walk(element: HtmlElement): Generator<HtmlElement> {
  yield element;
  for (const child of element.children) yield* walk(child);
}

export function findAll(root: HtmlElement, test: (e: HtmlElement) => boolean): HtmlElement[] {
  return [...walk(root)].filter(test);
}
