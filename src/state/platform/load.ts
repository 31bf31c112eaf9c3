import type { PlatformStore } from './store';
import { EXAMPLE_PLATFORM } from './examples';
import { readPlatformFile } from './read-file';

/**
 * Loading platform files into the store: from the user's files, an address on this site, or the
 * example shipped with the app. A configuration replaces the one loaded; a policy file replaces one of
 * its name; a file that would be refused is refused with its line (read-file.ts), and the store keeps
 * what it had. Adding a file turns the orchestrator's view on. Downloaded with the first file, with
 * the orchestrator's code and CEL.
 */
export type PlatformLoadResult = { ok: true; message: string } | { error: string };

/** Platform files are a few KB; anything this large is not one. */
export const MAX_PLATFORM_FILE_BYTES = 2_000_000;

export function addPlatformFile(
  store: PlatformStore,
  file: { name: string; text: string; url?: string },
): PlatformLoadResult {
  if (file.text.length > MAX_PLATFORM_FILE_BYTES) {
    return { error: `“${file.name}” is too large for a platform file (over 2 MB).` };
  }
  const result = readPlatformFile(file);
  if ('error' in result) return result;
  const entry = result.entry;
  const { put, policies } = store.getState();
  if (entry.kind === 'config') put({ on: true, config: entry });
  else put({ on: true, policies: [...policies.filter((p) => p.name !== entry.name), entry] });
  return { ok: true, message: `Loaded ${entry.name}: ${entry.summary}.` };
}

export function removePlatformFile(store: PlatformStore, name: string): void {
  const { config, policies, put } = store.getState();
  put({ config: config?.name === name ? null : config, policies: policies.filter((p) => p.name !== name) });
}

/** The example configuration and policy set (examples/), in one step. */
export function loadExamplePlatform(store: PlatformStore): PlatformLoadResult {
  const said: string[] = [];
  for (const file of EXAMPLE_PLATFORM) {
    const result = addPlatformFile(store, file);
    if ('error' in result) return result;
    said.push(result.message);
  }
  return { ok: true, message: said.join(' ') };
}

/** Fetches a platform file from this site (`pageUrl`'s origin) and adds it. */
export async function loadPlatformFromUrl(
  store: PlatformStore,
  url: string,
  {
    pageUrl,
    fetch: doFetch = (...args: Parameters<typeof fetch>) => fetch(...args),
  }: {
    pageUrl: string;
    fetch?: typeof fetch;
  },
): Promise<PlatformLoadResult> {
  const target = sameSiteUrl(url, pageUrl);
  if ('error' in target) return target;
  store.setState({ fetching: target.url });
  try {
    const response = await doFetch(target.url, { credentials: 'same-origin' });
    if (!response.ok) return { error: `${target.url} could not be fetched: HTTP ${response.status}.` };
    const name = decodeURIComponent(new URL(target.url).pathname.split('/').pop() || 'platform.yaml');
    return addPlatformFile(store, { name, text: await response.text(), url: target.url });
  } catch (error) {
    return { error: `${target.url} could not be fetched: ${error instanceof Error ? error.message : String(error)}.` };
  } finally {
    store.setState({ fetching: null });
  }
}

/** Only http(s) addresses on the page's own origin: a link must not make the app fetch from anywhere. */
export function sameSiteUrl(url: string, pageUrl: string): { url: string } | { error: string } {
  let target: URL;
  try {
    target = new URL(url, pageUrl);
  } catch {
    return { error: `“${url}” is not an address a platform file can be loaded from.` };
  }
  if (target.origin !== new URL(pageUrl).origin || !/^https?:$/.test(target.protocol)) {
    return {
      error: `${target.href} is not on this site. Platform files load from this site only; download the file and load it with “Load platform file…” instead.`,
    };
  }
  return { url: target.href };
}
