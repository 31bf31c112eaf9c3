import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useDocumentStore } from '../../state/document/context';
import { doesNotParse } from '../../state/document/store';
import { canvasSlot, type IntentHost } from '../intents/intent-host';
import type { AppControls, IntentContext } from '../intents/table';
import { useSaveWorkload } from '../library/use-save';
import { whenIdle } from '../common/scheduling';

/** The quick fixes' dialog, with the core's planners: loaded when a problem's fixes are first asked for. */
const QuickFixDialog = lazy(() => import('../problems/QuickFixDialog').then((m) => ({ default: m.QuickFixDialog })));

/**
 * The command palette, the keyboard sheet and F6's walk are not part of the first download: they are fetched
 * once the page is idle (so that Ctrl+K a moment later finds them here), or when first asked for.
 */
const loadPalette = () => import('../palette/CommandPalette');
/** F6's walk through the panes, fetched with them. */
const loadPaneFocus = () => import('../common/pane-focus');
const loadKeyboardSheet = () => import('../palette/KeyboardSheet');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const KeyboardSheet = lazy(() => loadKeyboardSheet().then((m) => ({ default: m.KeyboardSheet })));

/** The app's pages, as the intents open them (App keeps their state). */
type Pages = Pick<AppControls, 'newFromTemplate' | 'openFile' | 'showCatalog' | 'showLibrary' | 'status'>;

export type Open =
  | { kind: 'palette'; context: IntentContext; stale: boolean }
  | { kind: 'keys' }
  | { kind: 'fixes'; index: number }
  | null;

/**
 * The dialog open once the canvas has lent a context: a palette opened without the canvas's intents takes
 * them; anything else stays as it is (the same object: nothing to render again).
 */
export function gainCanvas(open: Open, context: () => IntentContext): Open {
  return open?.kind === 'palette' && open.context.canvas === undefined ? { ...open, context: context() } : open;
}

/**
 * The dialogs the table of intents opens over the page (the command palette, the keyboard sheet, a
 * problem's quick fixes) and the host the intents reach the app through, one identity for the app's life.
 */
export function useAppDialogs(pages: Pages) {
  const document = useDocumentStore();
  const save = useSaveWorkload();
  const [open, setOpen] = useState<Open>(null);
  useEffect(
    () => whenIdle(() => void Promise.all([loadPalette(), loadKeyboardSheet(), loadPaneFocus()]).catch(() => {})),
    [],
  );
  const latest = useRef({ pages, save });
  useEffect(() => {
    latest.current = { pages, save };
  });
  const [host] = useState<IntentHost>(() => {
    const paletteContext = (canvasContext: IntentContext | null): IntentContext => ({
      ...(canvasContext ?? { document, from: 'page' }),
      app,
      save: () => void latest.current.save(),
    });
    // A palette opened before the graph's pane had loaded gains the canvas's intents when it comes; one
    // opened with them keeps the context it opened with (what was selected then).
    const canvas = canvasSlot((context) => setOpen((open) => gainCanvas(open, () => paletteContext(context))));
    const app: AppControls = {
      openPalette() {
        const state = document.getState();
        setOpen({ kind: 'palette', context: paletteContext(canvas.canvasContext()), stale: doesNotParse(state) });
      },
      showKeys: () => setOpen({ kind: 'keys' }),
      showQuickFixes: (index) => setOpen({ kind: 'fixes', index }),
      newFromTemplate: () => latest.current.pages.newFromTemplate(),
      openFile: () => latest.current.pages.openFile(),
      showCatalog: () => latest.current.pages.showCatalog(),
      showLibrary: () => latest.current.pages.showLibrary(),
      focusPane: (step) =>
        void loadPaneFocus()
          .then((m) => m.focusNextPane(window.document, step))
          .catch(() => {}),
      ...(pages.status ? { status: pages.status } : {}), // one identity for the app's life
    };
    return { app, ...canvas };
  });
  return { host, open, setOpen };
}

/**
 * After the dialog has closed and given the focus back (its component is gone: React commits a
 * click's or a key's update before the next task).
 */
const afterClosing = (then: () => void) => void setTimeout(then, 0);

export function AppDialogs({ open, setOpen }: ReturnType<typeof useAppDialogs>) {
  if (open?.kind === 'palette') {
    return (
      <Suspense fallback={null}>
        <CommandPalette
          context={open.context}
          stale={open.stale}
          onClose={(intent) => {
            setOpen(null);
            // Run where the palette was opened from: the dialog an intent opens gives the focus back there.
            if (intent) afterClosing(() => intent.perform(open.context));
          }}
        />
      </Suspense>
    );
  }
  if (open?.kind === 'keys') {
    return (
      <Suspense fallback={null}>
        <KeyboardSheet onClose={() => setOpen(null)} />
      </Suspense>
    );
  }
  if (open?.kind === 'fixes') {
    return (
      <Suspense fallback={null}>
        <QuickFixDialog
          index={open.index}
          onClose={(applied) => {
            setOpen(null);
            if (applied) afterClosing(() => refocusProblems(open.index));
          }}
        />
      </Suspense>
    );
  }
  return null;
}

/**
 * After a fix, the row that had the focus may be gone with its problem: the focus goes to the row now
 * in its place (the next problem), else the last row, else stays where the dialog gave it back.
 */
function refocusProblems(index: number): void {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const rows = document.querySelectorAll<HTMLElement>('.problem-list li[data-index] button');
  const row =
    [...rows].find((r) => Number(r.closest<HTMLElement>('li')!.dataset.index) >= index) ?? rows[rows.length - 1];
  row?.focus();
}
