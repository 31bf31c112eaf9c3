import type { ResourceIcon } from '../catalog/resource-types';

/**
 * The line icons of node kinds and resource types, as SVG path data on a 24 × 24 grid (stroked, not
 * filled). The canvas draws them as masks, the diagram's picture inline: one drawing for both.
 */
export const ICON_PATHS: Record<ResourceIcon | 'container' | 'workload', string> = {
  workload: 'M3 5h18v14H3z M3 9h18',
  container: 'M4 7l8-4 8 4v10l-8 4-8-4z M4 7l8 4 8-4 M12 11v10',
  database:
    'M5 6c0-1.7 3.1-3 7-3s7 1.3 7 3-3.1 3-7 3-7-1.3-7-3z M5 6v12c0 1.7 3.1 3 7 3s7-1.3 7-3V6 M5 12c0 1.7 3.1 3 7 3s7-1.3 7-3',
  cache: 'M13 2L4 14h7l-1 8 9-12h-7z',
  queue: 'M3 6h18 M3 12h18 M3 18h12',
  stream: 'M3 8c3-3 6 3 9 0s6 3 9 0 M3 16c3-3 6 3 9 0s6 3 9 0',
  bucket: 'M4 6h16l-2 14H6z M4 6c0-1.5 3.6-2.5 8-2.5s8 1 8 2.5',
  search: 'M10 4a6 6 0 1 0 0 12 6 6 0 0 0 0-12z M14.5 14.5L20 20',
  volume: 'M3 7h18v10H3z M7 12h.01 M11 12h6',
  network: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18',
  generic: 'M4 4h16v16H4z M8 8h8v8H8z',
};

export type IconName = keyof typeof ICON_PATHS;
