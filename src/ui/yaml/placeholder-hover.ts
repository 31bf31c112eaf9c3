import type * as Monaco from 'monaco-editor';
import type { Catalog } from '../../core/catalog';
import { previewPlaceholder } from '../../core/export/placeholder-preview';
import { placeholderAt } from '../../core/workload/placeholders';
import { placeholderPreviewOf } from '../../state/export/preview';
import type { ParsedDocument } from '../../core/document/parse';
import { escapeCode, escapeText } from './markdown';

/**
 * Hover over a `${…}`: the value the Compose export would put there, with the export's own seed, so
 * that it matches a download. Secrets are masked; the hover says where the value comes from.
 */
export function registerPlaceholderHover(
  monaco: typeof Monaco,
  current: () => { parsed: ParsedDocument; catalog: Catalog; seedOf: (workload: string) => number },
): Monaco.IDisposable {
  return monaco.languages.registerHoverProvider('yaml', {
    provideHover(model, position) {
      const { parsed, catalog, seedOf } = current();
      // The hover speaks of the text as last checked; while it lags the editor, offsets would not match.
      if (parsed.text !== model.getValue()) return null;
      const located = placeholderAt(parsed, model.getOffsetAt(position));
      if (!located) return null;
      const name = workloadName(parsed.value);
      const seed = name ? seedOf(name) : undefined;
      const { raw } = located.token;
      const start = model.getPositionAt(located.start);
      const end = model.getPositionAt(located.end);
      // The export runs provisioners' templates, which may be slow: in the validation worker, not here.
      const here = () => previewPlaceholder(parsed, catalog, raw, seed === undefined ? {} : { seed });
      return placeholderPreviewOf(parsed.text, raw, seed, here).then((preview) => ({
        range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
        contents: [{ value: '`' + raw + '`' }, { value: describe(preview), isTrusted: false }],
      }));
    },
  });
}

function describe(preview: ReturnType<typeof previewPlaceholder>): string {
  switch (preview.kind) {
    case 'value':
      return `${preview.secret ? 'A secret (masked): `••••••••`' : `Becomes \`${escapeCode(preview.value)}\``}\n\n${escapeText(preview.note)}`;
    case 'environment':
      return escapeText(preview.note);
    case 'unavailable':
      return escapeText(preview.reason);
  }
}

function workloadName(value: unknown): string | undefined {
  const metadata = (value as { metadata?: { name?: unknown } } | null)?.metadata;
  return typeof metadata?.name === 'string' && metadata.name !== '' ? metadata.name : undefined;
}
