/** What the keyboard can reach with Tab: controls, links, and elements given a place in the tab order. */
export const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), ' +
  'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Whether an element is drawn (not hidden, not in a collapsed part). */
export function onScreen(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/** The first control in `root` that is on screen. */
export function firstControl(root: ParentNode): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].find(onScreen);
}

/**
 * The control Tab (step 1) or Shift+Tab (-1) reaches from `region` as a whole: the first one after
 * it, or the last one before it, in the page's order, leaving out everything inside it.
 */
export function controlBeside(region: Element, step: 1 | -1): HTMLElement | undefined {
  const all = [...region.ownerDocument.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (e) => !region.contains(e) && onScreen(e) && e.closest('[inert]') === null,
  );
  const side = step === 1 ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING;
  const beside = all.filter((e) => (region.compareDocumentPosition(e) & side) !== 0);
  return step === 1 ? beside[0] : beside[beside.length - 1];
}
