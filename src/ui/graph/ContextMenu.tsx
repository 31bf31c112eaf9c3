import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { shortcutText } from '../intents/keys';
import { allIntents, type Intent, type IntentContext, type MenuPlace } from '../intents/table';

/** A context menu asked for: where (on a node, an edge, the canvas), at which point of the canvas, and by whom. */
export interface MenuRequest {
  place: MenuPlace;
  /** The intents' context, about the element the menu is for. */
  context: IntentContext;
  /** Its words for screen readers: "Actions on container web". */
  label: string;
  /** Where it opens, in the canvas's own pixels (from its top left). */
  at: { x: number; y: number };
  /** What had the focus: it gets it back when the menu closes. */
  returnFocus: HTMLElement | null;
}

/** The intents the menu lists at a place: the table's own, in its order (nothing listed twice anywhere). */
export function menuIntents(place: MenuPlace): Intent[] {
  return allIntents.filter((intent) => intent.menu?.includes(place));
}

/**
 * The canvas's context menu (right-click, Shift+F10, the Menu key): the intents of the one table that
 * apply at its place, those that do not apply here shown but unavailable. A WAI-ARIA menu: the arrow
 * keys, Home and End move through it, Enter or a click does the intent, Escape (or a click elsewhere)
 * closes it and the focus goes back where it was.
 */
export function ContextMenu({
  request,
  stale,
  onClose,
}: {
  request: MenuRequest;
  /** The YAML does not parse: what writes is unavailable. */
  stale: boolean;
  onClose: (refocus: boolean) => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const items = menuIntents(request.place).filter(
    (intent) => !intent.menuWhenApplies || intent.applies(request.context),
  );
  const available = (intent: Intent) => !(intent.writes === true && stale) && intent.applies(request.context);
  const [at, setAt] = useState(request.at);

  // Kept inside the canvas: a menu opened near its right or bottom edge opens to the left or above.
  useLayoutEffect(() => {
    const el = menu.current;
    const box = el?.offsetParent;
    if (!el || !(box instanceof HTMLElement)) return;
    setAt({
      x: Math.max(4, Math.min(request.at.x, box.clientWidth - el.offsetWidth - 4)),
      y: Math.max(4, Math.min(request.at.y, box.clientHeight - el.offsetHeight - 4)),
    });
  }, [request.at]);

  useEffect(() => {
    const first = menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
    (first ?? menu.current?.querySelector<HTMLElement>('[role="menuitem"]'))?.focus({ preventScroll: true });
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const now = entries.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => entries[(i + entries.length) % entries.length]?.focus();
    if (e.key === 'ArrowDown') go(now + 1);
    else if (e.key === 'ArrowUp') go(now - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(entries.length - 1);
    else if (e.key === 'Escape' || (e.key === 'F10' && e.shiftKey)) onClose(true);
    else if (e.key === 'Tab') onClose(true);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div
      ref={menu}
      className="graph-context-menu"
      role="menu"
      aria-label={request.label}
      style={{ left: at.x, top: at.y }}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
    >
      {items.map((intent) => {
        const on = available(intent);
        const keys = shortcutText(intent.keys);
        return (
          <button
            key={intent.name}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={on ? undefined : true}
            aria-keyshortcuts={keys || undefined}
            title={on ? intent.description : (intent.why?.(request.context) ?? intent.description)}
            onClick={() => {
              if (!on) return;
              // Closed first, the focus back where it was: what the intent opens (a dialog, the search,
              // a rename) then takes it.
              onClose(true);
              intent.perform(request.context);
            }}
          >
            <span>{intent.label}</span>
            {keys && <kbd>{keys}</kbd>}
          </button>
        );
      })}
    </div>
  );
}
