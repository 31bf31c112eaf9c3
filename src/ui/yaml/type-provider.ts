import type * as Monaco from 'monaco-editor';
import { resourceTypeSite, typeHover, typeSuggestions, type Catalog } from '../../core/catalog';
import { escapeText } from './markdown';

/**
 * A resource's `type:` in the YAML pane: suggestions of every type the catalog offers (built-in and
 * loaded files', a file's marked with its name) and a hover saying what the type is and where it comes
 * from. Read from the model's own text, so that they work while what is typed does not parse yet.
 * (The schema's few example types are left out of monaco-yaml's suggestions, see monaco-setup.ts.)
 */
const TYPE_KEY = /^ *type *:/;

export function registerResourceTypeSupport(monaco: typeof Monaco, catalog: () => Catalog): Monaco.IDisposable {
  const completion = monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: [' ', ':'],
    provideCompletionItems(model, position) {
      // Asked on every space and colon typed: only a `type:` line reads the text.
      if (!TYPE_KEY.test(model.getLineContent(position.lineNumber))) return { suggestions: [] };
      const site = resourceTypeSite(model.getValue(), model.getOffsetAt(position));
      if (!site) return { suggestions: [] };
      const start = model.getPositionAt(site.start);
      const end = model.getPositionAt(site.end);
      const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
      return {
        suggestions: typeSuggestions(catalog()).map((s, i) => ({
          label: { label: s.type, description: s.detail },
          filterText: s.type,
          insertText: site.needsSpace ? ` ${s.type}` : s.type,
          kind: monaco.languages.CompletionItemKind.EnumMember,
          detail: s.detail,
          documentation: s.documentation,
          range,
          sortText: `0${String(i).padStart(4, '0')}`,
        })),
      };
    },
  });
  const hover = monaco.languages.registerHoverProvider('yaml', {
    provideHover(model, position) {
      if (!TYPE_KEY.test(model.getLineContent(position.lineNumber))) return null;
      const site = resourceTypeSite(model.getValue(), model.getOffsetAt(position));
      if (!site || site.value === '' || model.getOffsetAt(position) >= site.end) return null;
      const start = model.getPositionAt(site.start);
      const end = model.getPositionAt(site.end);
      return {
        range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
        contents: typeHover(catalog(), site.value).map((value) => ({ value: escapeText(value), isTrusted: false })),
      };
    },
  });
  return {
    dispose() {
      hover.dispose();
      completion.dispose();
    },
  };
}
