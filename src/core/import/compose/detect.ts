/**
 * Whether a text opened as a workload is a Docker Compose file instead: a `services:` mapping at the
 * top level and no `apiVersion` (a Score workload always has one). Read from the lines alone, so
 * that the app can ask before anything of the importer is downloaded; the importer then reads the
 * file for real.
 */
export function looksLikeCompose(text: string): boolean {
  if (text.length > 4 * 1024 * 1024) return false;
  const topLevel = (key: string) => new RegExp(`^(?:${key}|"${key}"|'${key}')[ \\t]*:`, 'm').test(text);
  return topLevel('services') && !topLevel('apiVersion');
}
