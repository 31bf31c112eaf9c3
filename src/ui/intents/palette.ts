import { shortcutText } from './keys';
import { allIntents, type Intent, type IntentContext, type Scope } from './table';

/**
 * What the command palette and the keyboard sheet list, derived from the one table of intents: every
 * intent, with its shortcut, and whether it can be done where the palette was opened.
 */
export interface PaletteEntry {
  intent: Intent;
  /** Its first key as a tooltip writes it ('Ctrl+Shift+Z'), or '' when it has none. */
  shortcut: string;
  /** It applies here (the table's `applies`), and, if it changes the text, the text parses. */
  enabled: boolean;
}

/**
 * Every intent of the table, in the table's order. `stale`: the YAML does not parse, so intents that
 * write are off (their commands would refuse), as on the canvas's toolbar.
 */
export function paletteEntries(ctx: IntentContext, stale: boolean): PaletteEntry[] {
  return allIntents.map((intent) => ({
    intent,
    shortcut: shortcutText(intent.keys),
    enabled: !(intent.writes === true && stale) && intent.applies(ctx),
  }));
}

/** The words an entry is found by: its label, what it does, its name and its keys. */
const searchText = ({ intent }: PaletteEntry) =>
  [intent.label, intent.description ?? '', intent.name, ...intent.keys.map((k) => shortcutText([k]))]
    .join(' ')
    .toLowerCase();

/**
 * The entries a search finds: those holding every word typed (in any order, any case), those that
 * can be done first, each group in the table's order. An empty search finds all.
 */
export function searchEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = entries.filter((entry) => {
    const text = searchText(entry);
    return words.every((word) => text.includes(word));
  });
  return [...found.filter((e) => e.enabled), ...found.filter((e) => !e.enabled)];
}

/** The keyboard sheet's sections: where the keys work, in words, and the intents there that have keys. */
export const SHEET_SECTIONS: ReadonlyArray<{ scope: Scope; title: string }> = [
  { scope: 'page', title: 'Anywhere' },
  { scope: 'workspace', title: 'In the workspace' },
  { scope: 'canvas', title: 'On the graph (the selected node or edge)' },
];

export interface SheetRow {
  label: string;
  /** Every binding, as written for people: ['Ctrl+Shift+Z', 'Ctrl+Y']. */
  keys: string[];
}

/** The rows of one section of the keyboard sheet: each intent of the scope with keys, and all its keys. */
export function sheetRows(scope: Scope): SheetRow[] {
  return allIntents
    .filter((intent) => intent.scope === scope && intent.keys.length > 0)
    .map((intent) => ({ label: intent.label, keys: intent.keys.map((k) => shortcutText([k])) }));
}
