import type * as Monaco from 'monaco-editor';
import { completePlaceholder, type PlaceholderSuggestion } from '../../state/placeholder-completion';

/**
 * Completion inside `${…}`: the roots, metadata keys, resource names, then a resource's outputs.
 * The workload's value is read when asked (the last readable model), so the list follows the text.
 */
export function registerPlaceholderCompletion(monaco: typeof Monaco, workloadValue: () => unknown): Monaco.IDisposable {
  const kinds: Record<PlaceholderSuggestion['kind'], Monaco.languages.CompletionItemKind> = {
    root: monaco.languages.CompletionItemKind.Module,
    metadata: monaco.languages.CompletionItemKind.Property,
    resource: monaco.languages.CompletionItemKind.Reference,
    output: monaco.languages.CompletionItemKind.Field,
  };
  return monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: ['{', '.'],
    provideCompletionItems(model, position) {
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const completion = completePlaceholder(workloadValue(), lineBefore);
      if (!completion) return { suggestions: [] };
      const range = new monaco.Range(position.lineNumber, completion.from + 1, position.lineNumber, position.column);
      return {
        suggestions: completion.suggestions.map((s, i) => ({
          label: s.label,
          insertText: s.insert,
          kind: kinds[s.kind],
          detail: s.detail,
          range,
          // Before the schema's suggestions, which know nothing of placeholders.
          sortText: `0${String(i).padStart(4, '0')}`,
        })),
      };
    },
  });
}
