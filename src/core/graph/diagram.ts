import type { LayoutDirection, Rect, XY } from './layout';

/**
 * The diagram's geometry, shared by the canvas and its picture: where an edge runs between two
 * nodes, how wide a line of text is taken to be (no DOM to measure it here), and how to count what
 * overlaps what. Edges leave a node at the middle of the side that faces the flow and enter the next
 * at the middle of the side that faces back (the canvas's handles): right to left in a graph laid out
 * left to right, bottom to top in one laid out top to bottom, as a curve that bends along the flow,
 * as React Flow draws them.
 */

/** A cubic Bézier from `from` to `to`. */
export interface Route {
  from: XY;
  c1: XY;
  c2: XY;
  to: XY;
}

/** How far a handle reaches out of its node's side (graph.css: a 12 px handle centred on the side). */
export const HANDLE_REACH = 6;

/**
 * The curve from a source node's outgoing handle (its right side; its bottom, top to bottom) to a
 * target node's incoming one (left; top), with React Flow's curvature: control points half the
 * distance along the flow out, or, for an edge that runs backwards, a loop whose reach grows with
 * the square root of the distance.
 */
export function routeBetween(source: Rect, target: Rect, direction: LayoutDirection = 'left-to-right'): Route {
  if (direction === 'top-to-bottom') {
    const from = { x: source.x + source.width / 2, y: source.y + source.height + HANDLE_REACH };
    const to = { x: target.x + target.width / 2, y: target.y - HANDLE_REACH };
    return routeFrom(from, to, direction);
  }
  const from = { x: source.x + source.width + HANDLE_REACH, y: source.y + source.height / 2 };
  const to = { x: target.x - HANDLE_REACH, y: target.y + target.height / 2 };
  return routeFrom(from, to, direction);
}

/** The curve between two handle points (React Flow's getBezierPath for a right → left, or bottom → top, edge). */
export function routeFrom(from: XY, to: XY, direction: LayoutDirection = 'left-to-right'): Route {
  const down = direction === 'top-to-bottom';
  const distance = down ? to.y - from.y : to.x - from.x;
  const reach = distance >= 0 ? distance / 2 : 0.25 * 25 * Math.sqrt(-distance);
  return down
    ? { from, c1: { x: from.x, y: from.y + reach }, c2: { x: to.x, y: to.y - reach }, to }
    : { from, c1: { x: from.x + reach, y: from.y }, c2: { x: to.x - reach, y: to.y }, to };
}

/** The curve enters its target behind the point it left its source, along the flow: it loops back. */
export function runsBackwards(route: Route, direction: LayoutDirection = 'left-to-right'): boolean {
  return direction === 'top-to-bottom' ? route.to.y < route.from.y : route.to.x < route.from.x;
}

/** The point of the curve at `t` (0 at its start, 1 at its end). */
export function pointAt(route: Route, t: number): XY {
  const u = 1 - t;
  const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return {
    x: a * route.from.x + b * route.c1.x + c * route.c2.x + d * route.to.x,
    y: a * route.from.y + b * route.c1.y + c * route.c2.y + d * route.to.y,
  };
}

/** The curve as SVG path data, to two decimals. */
export function pathData(route: Route): string {
  const p = (xy: XY) => `${round2(xy.x)},${round2(xy.y)}`;
  return `M${p(route.from)} C${p(route.c1)} ${p(route.c2)} ${p(route.to)}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The width a line of text takes, estimated from its letters: the picture has no DOM to measure
 * with, and the fonts are the system's. Generous rather than tight (a system sans-serif's letters
 * average about 0.55 em, DejaVu Sans's 0.6; bold a tenth more): text estimated too narrow would run out of its box; too wide leaves room.
 */
export function textWidth(text: string, fontPx: number, monospace = false, bold = false): number {
  if (monospace) return text.length * 0.62 * fontPx;
  let em = 0;
  for (let i = 0; i < text.length; i++) em += letterEm(text.charCodeAt(i));
  return em * fontPx * (bold ? 1.1 : 1);
}

/** Each ASCII letter's width in em (computed once: the canvas places every label at each change). */
const ASCII_EM = Float64Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if ("iljtfr.,:;|!'()[] ".includes(ch)) return 0.34;
  if ('mwMW@%'.includes(ch)) return 0.9;
  if (ch >= 'A' && ch <= 'Z') return 0.7;
  return 0.6;
});

const letterEm = (code: number) => (code < 128 ? ASCII_EM[code]! : code > 0x2000 ? 1 : 0.6);

/**
 * Text broken into lines no wider than `width`: after a space or a hyphen where it can, else anywhere
 * (an image reference has neither). Every character is kept, in order: the lines joined are the text
 * (a line broken at a space ends with it), so that the picture's words read and copy as written.
 */
export function wrapText(text: string, width: number, fontPx: number, monospace = false, bold = false): string[] {
  const scale = fontPx * (monospace ? 1 : bold ? 1.1 : 1);
  const em = (code: number) => (monospace ? 0.62 : letterEm(code));
  const room = width / scale;
  if (textWidth(text, fontPx, monospace, bold) <= width) return [text];
  const lines: string[] = [];
  // The line so far, its width (in em), and the last place it may break (after a space or a hyphen).
  let start = 0;
  let used = 0;
  let breakAt = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const w = em(code);
    // A space at the end of a line takes no room: the line breaks after it.
    if (used + w > room && code !== 32 && i > start) {
      const cut = breakAt > start ? breakAt : i;
      lines.push(text.slice(start, cut));
      start = cut;
      used = 0;
      for (let j = start; j < i; j++) used += em(text.charCodeAt(j));
      breakAt = -1;
    }
    used += w;
    if (code === 32 || code === 45) breakAt = i + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

/** The size of an edge's label (11 px text, as graph.css draws it), its lines one under another. */
export const LABEL_PX = 11;
export const LABEL_LINE = 14;

export function labelBox(lines: readonly string[]): { width: number; height: number } {
  const width = Math.max(0, ...lines.map((l) => textWidth(l.trimEnd(), LABEL_PX)));
  return { width: Math.ceil(width) + 8, height: lines.length * LABEL_LINE + 2 };
}

/**
 * The widest a label's line is drawn: less than the room between two columns of the layout (200 px
 * less the handles), so that a label can sit between them clear of both.
 */
export const LABEL_MAX_WIDTH = 170;

/**
 * An edge's label as it is drawn, in lines: a start order's sentence on two ("web starts after" /
 * "api has started"), and any line wider than LABEL_MAX_WIDTH broken after a space or a hyphen.
 * On one line they were wider than the room between two columns of nodes and ran under them.
 */
export function labelLines(kind: string, text: string): string[] {
  const at = kind === 'start-order' ? text.indexOf(' starts after ') : -1;
  const sentences =
    at < 0 ? [text] : [text.slice(0, at + ' starts after '.length), text.slice(at + ' starts after '.length)];
  return sentences.flatMap((s) => wrapText(s, LABEL_MAX_WIDTH - 8, LABEL_PX));
}

/** The box of `size` centred on `at`. */
export function centredBox(at: XY, size: { width: number; height: number }): Rect {
  return { x: at.x - size.width / 2, y: at.y - size.height / 2, width: size.width, height: size.height };
}

/** The area two boxes share (0 when they do not overlap). */
export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The curve passes through the inside of `box` (a band of 2 px along its sides does not count). */
export function routeCrosses(route: Route, box: Rect, samples = 48): boolean {
  const inner = { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 };
  for (let i = 1; i < samples; i++) {
    const p = pointAt(route, i / samples);
    if (p.x > inner.x && p.x < inner.x + inner.width && p.y > inner.y && p.y < inner.y + inner.height) return true;
  }
  return false;
}
