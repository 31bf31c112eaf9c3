import type * as Monaco from 'monaco-editor';
import { completePlaceholder, type Catalog, type CompletionItem } from '../../core/catalog';
import type { ParsedDocument } from '../../core/document/parse';

/**
 * Completion inside `${…}`: the roots, metadata keys, resource names, then a resource's outputs.
 * The workload's value is read when asked (the last readable model), so the list follows the text.
 */
export function registerPlaceholderCompletion(
  monaco: typeof Monaco,
  current: () => { parsed: ParsedDocument; catalog: Catalog },
): Monaco.IDisposable {
  const kinds: Record<CompletionItem['kind'], Monaco.languages.CompletionItemKind> = {
    root: monaco.languages.CompletionItemKind.Module,
    metadata: monaco.languages.CompletionItemKind.Property,
    resource: monaco.languages.CompletionItemKind.Reference,
    output: monaco.languages.CompletionItemKind.Field,
  };
  return monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: ['{', '.'],
    provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const { parsed, catalog } = current();
      const completion = completePlaceholder(parsed, catalog, lineBefore);
      if (!completion) return { suggestions: [] };
      const range = new monaco.Range(position.lineNumber, completion.from + 1, position.lineNumber, position.column);
      return {
        suggestions: completion.items.map((s, i) => ({
          label: s.label,
          insertText: s.insert,
          kind: kinds[s.kind],
          detail: s.detail,
          ...(s.documentation ? { documentation: s.documentation } : {}),
          range,
          // Before the schema's suggestions, which know nothing of placeholders.
          sortText: `0${String(i).padStart(4, '0')}`,
        })),
      };
    },
  });
}
