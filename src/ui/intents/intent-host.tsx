import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import type { AppControls, IntentContext } from './table';

/**
 * Where the command palette finds what the intents need beyond the document: the app's pages and
 * dialogs, and the canvas's context (its controls and selected element) while the canvas is on screen.
 * The app makes one host; the canvas puts its context in and takes it out as it comes and goes.
 */
export interface IntentHost {
  app: AppControls;
  /** The canvas's intents' context, as its toolbar has it now; null while no canvas is on screen. */
  canvasContext(): IntentContext | null;
  /** The canvas lends its context; the function returned takes it back. */
  lendCanvas(context: IntentContext): () => void;
}

/**
 * The host's part that holds the canvas's context. `onLend` hears each context the canvas lends: the
 * graph's pane loads apart from the page, and a palette opened before it came can then offer its intents.
 */
export function canvasSlot(
  onLend?: (context: IntentContext) => void,
): Pick<IntentHost, 'canvasContext' | 'lendCanvas'> {
  let current: IntentContext | null = null;
  return {
    canvasContext: () => current,
    lendCanvas(context) {
      current = context;
      onLend?.(context);
      return () => {
        if (current === context) current = null;
      };
    },
  };
}

const IntentHostContext = createContext<IntentHost | null>(null);

export function IntentHostProvider({ host, children }: { host: IntentHost; children: ReactNode }) {
  return <IntentHostContext.Provider value={host}>{children}</IntentHostContext.Provider>;
}

/** The host, or null outside the app (a pane rendered alone in a test). */
export function useIntentHost(): IntentHost | null {
  return useContext(IntentHostContext);
}

/** The canvas lends the palette its intents' context while it is mounted. */
export function useLendCanvasContext(context: IntentContext): void {
  const host = useIntentHost();
  useLayoutEffect(() => host?.lendCanvas(context), [host, context]);
}
