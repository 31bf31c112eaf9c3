import type { Diagnostic } from '../core/diagnostics';
import type { LineIndex } from '../core/document/lines';
import { parseWorkloadText, type ParsedDocument } from '../core/document/parse';

/**
 * A parsed document whose plain value and syntax verdict came from the validation worker, and whose
 * YAML tree and line index are built here only when first asked for. Views that render from the value
 * (the graph, the form, the title) never pay for a parse on the main thread; what needs the source
 * map (a caret → pointer, a pointer → range) parses once, on demand, and then keeps it.
 */
const unparsed = new WeakSet<ParsedDocument>();

export function lazyParsed(text: string, value: unknown, syntax: Diagnostic[], blocked: boolean): ParsedDocument {
  let full: ParsedDocument | undefined;
  const parsed: ParsedDocument = {
    text,
    value,
    syntax,
    blocked,
    get doc() {
      return here().doc;
    },
    get lines(): LineIndex {
      return here().lines;
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
  return parsed;
}

/** True when the document's YAML tree is at hand (asking for it costs nothing). */
export function isParsedHere(parsed: ParsedDocument): boolean {
  return !unparsed.has(parsed);
}
