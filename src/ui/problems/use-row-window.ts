import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { rowTop, rowWindow, type ListView, type RowWindow } from './row-window';

/** A row is taken to be this tall (a problem's two lines) until rows have been measured. */
export const ESTIMATED_ROW_HEIGHT = 56;

/**
 * Drawn beyond the view on either side: rows for Tab and Shift+Tab to land on (the browser then
 * scrolls them into view, and the window follows), and a short scroll that shows no blank space.
 */
export const WINDOW_MARGIN = 240;

/** Until the list has been measured in place: a view this tall from its top. */
const FIRST_VIEW: ListView = { top: 0, height: 600 };

/**
 * The rows of a long list to draw (see `rowWindow`), following the list's scrolling ancestor as it
 * scrolls and resizes. Each drawn row (`li` children of `list`, with a `data-key`) is measured once
 * drawn, by a ResizeObserver (after the browser's own layout: nothing is laid out twice for it);
 * rows never drawn count as the average of those measured. `keep` is a row that stays drawn wherever the
 * view goes (the focused one: removing it would drop the keyboard focus).
 *
 * `reveal(index)` scrolls a row into view, drawing it first when it lies outside the window.
 * `follow()` reads the view at once, for a scroll the page must follow before its next event (the
 * browser scrolling a row it just focused into view: the next Tab must find the row after it drawn).
 */
export function useRowWindow(
  list: RefObject<HTMLElement | null>,
  keys: readonly string[],
  keep: string | undefined,
): { drawn: RowWindow; reveal: (index: number) => void; follow: () => void } {
  // Heights of the rows drawn so far, by row key; rows never drawn count as their average.
  const [measured, setMeasured] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [view, setView] = useState<ListView>(FIRST_VIEW);
  const scroller = useRef<HTMLElement | null>(null);
  const readView = useRef(() => {});
  const revealing = useRef(-1);

  const estimate = averageHeight(measured);
  const heights = keys.map((key) => measured.get(key) ?? estimate);
  const kept = keep === undefined ? -1 : keys.indexOf(keep);
  const drawn = rowWindow(heights, view, WINDOW_MARGIN, kept >= 0 ? [kept] : []);

  // Follow the scrolling ancestor: its scroll (once a frame) and its size. Again when the list comes
  // back (an empty list is not drawn).
  const present = keys.length > 0;
  useLayoutEffect(() => {
    const s = scrollingAncestor(list.current);
    scroller.current = s;
    if (!s) return;
    // The view in the list's own coordinates, read from the layout (clean when this runs).
    const read = () => {
      const l = list.current;
      if (!l) return;
      const top = s.getBoundingClientRect().top + s.clientTop - l.getBoundingClientRect().top;
      const height = s.clientHeight;
      setView((v) => (v.top === top && v.height === height ? v : { top, height }));
    };
    readView.current = read;
    read();
    let frame = 0;
    const onScroll = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          read();
        });
    };
    s.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(read);
    resized.observe(s);
    return () => {
      s.removeEventListener('scroll', onScroll);
      resized.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [list, present]);

  // Measure rows as they are drawn, and again when their height changes (the pane got narrower):
  // by a ResizeObserver, after the browser's own layout, so that nothing is laid out twice for it.
  const rowSizes = useRef<ResizeObserver | null>(null);
  const observed = useRef(new WeakSet<Element>());
  const keysNow = useRef(keys);
  useLayoutEffect(() => {
    keysNow.current = keys;
    rowSizes.current ??= new ResizeObserver((entries) => {
      const found: Array<[string, number]> = [];
      for (const entry of entries) {
        const row = entry.target as HTMLElement;
        const key = row.dataset.key;
        const height = entry.borderBoxSize[0]?.blockSize ?? 0;
        if (!row.isConnected) {
          rowSizes.current?.unobserve(row);
          observed.current.delete(row);
        } else if (key !== undefined && height > 0) {
          found.push([key, height]); // a hidden pane's rows measure 0: their last height stands
        }
      }
      setMeasured((before) => withHeights(before, found, keysNow.current));
    });
    for (const row of list.current?.children ?? []) {
      if (!observed.current.has(row)) {
        observed.current.add(row);
        rowSizes.current.observe(row);
      }
    }
    // A row asked for by `reveal` before it was drawn: drawn now, brought into view exactly.
    if (revealing.current >= 0) {
      list.current?.querySelector(`[data-index="${revealing.current}"]`)?.scrollIntoView({ block: 'nearest' });
      revealing.current = -1;
    }
  });
  useLayoutEffect(() => () => rowSizes.current?.disconnect(), []);

  const reveal = (index: number) => {
    const row = list.current?.querySelector(`[data-index="${index}"]`);
    if (row) {
      row.scrollIntoView({ block: 'nearest' });
      return;
    }
    // Not drawn: scroll to where it will be (the view then draws it), and align it once drawn.
    const s = scroller.current;
    if (!s || index >= heights.length) return;
    s.scrollTop += rowTop(heights, index) - view.top - Math.max(0, (view.height - heights[index]!) / 2);
    revealing.current = index;
    readView.current();
  };

  return { drawn, reveal, follow: () => readView.current() };
}

/** The measured heights with `found` in; keys of problems long gone are dropped once they outnumber the list's. */
export function withHeights(
  before: ReadonlyMap<string, number>,
  found: ReadonlyArray<readonly [string, number]>,
  keys: readonly string[],
): ReadonlyMap<string, number> {
  let next: Map<string, number> | undefined;
  for (const [key, height] of found) {
    if (before.get(key) === height) continue;
    next ??= new Map(before);
    next.set(key, height);
  }
  if (!next) return before;
  if (next.size > 2 * keys.length + 100) {
    const current = new Set(keys);
    for (const key of next.keys()) if (!current.has(key)) next.delete(key);
  }
  return next;
}

/** What a row never drawn is taken to measure: the average of those drawn, or the estimate before any. */
function averageHeight(measured: ReadonlyMap<string, number>): number {
  if (measured.size === 0) return ESTIMATED_ROW_HEIGHT;
  let sum = 0;
  for (const height of measured.values()) sum += height;
  return sum / measured.size;
}

/** The nearest ancestor that scrolls vertically: the one whose scrolling decides what is in view. */
function scrollingAncestor(element: HTMLElement | null): HTMLElement | null {
  for (let e = element?.parentElement; e; e = e.parentElement) {
    const overflow = getComputedStyle(e).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return e;
  }
  return null;
}
