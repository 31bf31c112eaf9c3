/**
 * The app as a workloads server serves it (`score-designer serve`): the page carries a meta tag
 * naming the server's API, so that its library starts out on that server, and keeps each workload's
 * text there (the server stores it verbatim). Served any other way, the page has no such tag.
 */
export const SERVED_API_META = 'score-designer-api';

export interface ServedApi {
  /** The API's absolute base URL, on the page's own origin. */
  baseUrl: string;
  /** Whether the server wants an API key (or token) with each request. */
  credentialsRequired: boolean;
}

export function servedApi(
  doc: Pick<Document, 'querySelector' | 'baseURI'> | undefined = globalThis.document,
): ServedApi | undefined {
  const meta = doc?.querySelector(`meta[name="${SERVED_API_META}"]`);
  const content = meta?.getAttribute('content');
  if (!meta || !content) return undefined;
  let url: URL;
  try {
    url = new URL(content, doc!.baseURI);
  } catch {
    return undefined;
  }
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    credentialsRequired: meta.getAttribute('data-credentials') !== 'none',
  };
}

/** Whether this base URL is the API of the server that served the page (which keeps texts). */
export function isServedApi(baseUrl: string, doc?: Pick<Document, 'querySelector' | 'baseURI'>): boolean {
  const served = servedApi(doc);
  return served !== undefined && served.baseUrl === baseUrl.replace(/\/+$/, '');
}
