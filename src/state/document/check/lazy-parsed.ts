import type { Diagnostic } from '../../../core/diagnostics';
import { LineIndex } from '../../../core/document/lines';
import { rememberPlaceholders, type LocatedPlaceholder } from '../../../core/workload/placeholders';
import { parseWorkloadText, type ParsedDocument } from '../../../core/document/parse';

/**
 * A parsed document whose plain value and syntax verdict came from the validation worker, and whose
 * YAML tree and line index are built here only when first asked for. Views that render from the value
 * (the graph, the form, the title) never pay for a parse on the main thread; what needs the source
 * map (a caret → pointer, a pointer → range) parses once, on demand, and then keeps it.
 */
const unparsed = new WeakSet<ParsedDocument>();

export function lazyParsed(
  text: string,
  value: unknown,
  syntax: Diagnostic[],
  blocked: boolean,
  placeholders?: readonly LocatedPlaceholder[],
): ParsedDocument {
  let full: ParsedDocument | undefined;
  let lines: LineIndex | undefined;
  const parsed: ParsedDocument = {
    text,
    value,
    syntax,
    blocked,
    get doc() {
      return here().doc;
    },
    // Offsets ↔ lines need only the text (the problems on the canvas ask for them on every check).
    get lines(): LineIndex {
      lines ??= full?.lines ?? new LineIndex(text);
      return lines;
    },
  };
  const here = () => {
    if (!full) {
      full = parseWorkloadText(text);
      unparsed.delete(parsed);
    }
    return full;
  };
  unparsed.add(parsed);
  if (placeholders) rememberPlaceholders(parsed, placeholders);
  return parsed;
}

/** True when the document's YAML tree is at hand (asking for it costs nothing). */
export function isParsedHere(parsed: ParsedDocument): boolean {
  return !unparsed.has(parsed);
}
