import { ICON_PATHS as paths } from '../../core/graph';

/**
 * Small line icons for node kinds and resource types (no icon font, no network; their drawings are
 * the core's, which the diagram's picture shares). Decorative: every node says what it is in words
 * too, so they are hidden from screen readers.
 */

/**
 * The icon as a CSS mask over the text colour, not inline SVG: an SVG element in each of hundreds of
 * nodes makes the browser paint every node again on each frame of a pan. Decorative (aria-hidden).
 */
const masks = new Map<string, string>();

function maskOf(name: keyof typeof paths): string {
  let mask = masks.get(name);
  if (!mask) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${paths[name]}" fill="none" stroke="black" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
    mask = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
    masks.set(name, mask);
  }
  return mask;
}

export function Icon({ name }: { name: keyof typeof paths }) {
  const mask = maskOf(name);
  return <span className="graph-icon" aria-hidden="true" style={{ maskImage: mask, WebkitMaskImage: mask }} />;
}
