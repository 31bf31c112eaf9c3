/**
 * Keys of the intents, as data: what the table lists, what the handlers match, what a button's
 * `aria-keyshortcuts` and tooltip say, and what Monaco is given, all from one description.
 */
export interface KeyBinding {
  /** `KeyboardEvent.key`; letters are matched without case (`z` is also `Z` with Shift held). */
  key: string;
  /** Ctrl, or Cmd on a Mac. */
  mod?: boolean;
  /** Shift held (true), not held (false, the default), or either (`'any'`). Alt is never held. */
  shift?: boolean | 'any';
}

export type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

export function matchesKey(binding: KeyBinding, event: KeyEventLike): boolean {
  if (event.altKey || (binding.mod ?? false) !== (event.ctrlKey || event.metaKey)) return false;
  const shift = binding.shift ?? false;
  if (shift !== 'any' && shift !== event.shiftKey) return false;
  return event.key.toLowerCase() === binding.key.toLowerCase();
}

/** The key's name as written in shortcuts: `Z`, `F8`, `Delete`. */
const keyName = (key: string): string => (key.length === 1 ? key.toUpperCase() : key);

/** For a tooltip: the first binding, `Ctrl+Shift+Z`. */
export function shortcutText(keys: readonly KeyBinding[]): string {
  const first = keys[0];
  if (!first) return '';
  return [first.mod && 'Ctrl', first.shift === true && 'Shift', keyName(first.key)].filter(Boolean).join('+');
}

/** For `aria-keyshortcuts`: every binding, Ctrl and Cmd both (`Control+Z Meta+Z`). */
export function ariaKeyShortcuts(keys: readonly KeyBinding[]): string {
  return keys
    .flatMap((k) => {
      const rest = [k.shift === true && 'Shift', keyName(k.key)].filter(Boolean).join('+');
      return k.mod ? [`Control+${rest}`, `Meta+${rest}`] : [rest];
    })
    .join(' ');
}
