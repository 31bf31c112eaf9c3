/**
 * The app's addresses: which page is shown and what is selected, in the address's fragment, so
 * that Back and Forward move between pages and a link opens the same view:
 *   #/catalog   the resource catalog
 *   #/library   the workload library
 *   #/          the workspace (or the start screen, when no workload is open)
 *   #/?select=/containers/web   the workspace with that part selected
 * A share link's fragment (`#score=…`) is not an address of this kind: it is left to the share link.
 */
export type Page = 'workspace' | 'catalog' | 'library';

export interface Route {
  page: Page;
  /** The selected part, as a JSON Pointer ('' is the whole workload); only in the workspace. */
  select?: string;
}

const PAGES: Record<string, Page> = { '': 'workspace', workspace: 'workspace', catalog: 'catalog', library: 'library' };

/** The route a fragment names, or undefined when it names none (no fragment, a share link, anything else). */
export function parseRoute(hash: string): Route | undefined {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith('/')) return undefined;
  const [path = '', query = ''] = fragment.slice(1).split('?', 2);
  const page = Object.hasOwn(PAGES, path) ? PAGES[path] : undefined;
  if (!page) return undefined;
  if (page !== 'workspace') return { page };
  const select = new URLSearchParams(query).get('select');
  // A JSON Pointer is '' or starts with '/'; anything else in the address is ignored, not trusted.
  return select !== null && (select === '' || select.startsWith('/')) ? { page, select } : { page };
}

/** The fragment of a route (`#/…`). Slashes of the pointer stay readable; everything else is escaped. */
export function formatRoute(route: Route): string {
  if (route.page !== 'workspace') return `#/${route.page}`;
  if (route.select === undefined || route.select === '') return '#/';
  return `#/?select=${encodeURIComponent(route.select).replace(/%2F/g, '/')}`;
}

export function sameRoute(a: Route | undefined, b: Route | undefined): boolean {
  return a?.page === b?.page && (a?.select ?? '') === (b?.select ?? '');
}
