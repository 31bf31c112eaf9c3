import { strToU8, zipSync, type Zippable } from 'fflate';
import { cleanPath, isLocalPath } from '../go/path';
import type { ExportedFile } from './compose/mounts';

/**
 * A Compose project as files on disk: compose.yaml, and the files and directories it mounts at the
 * paths score-compose writes them to (`.score-compose/mounts/files/...`), relative to compose.yaml.
 * The same layout serves the .zip bundle (the browser) and the CLI's `-o DIR` (the disk). The
 * browser's bundle also carries files beside them (score.yaml, manifests.yaml, a README, the
 * provisioner files used), and may hold no compose.yaml when only the Kubernetes export succeeded.
 */
export interface ProjectFiles {
  /** compose.yaml's text; undefined for a bundle without it. */
  compose: string | undefined;
  files: readonly ExportedFile[];
  directories: readonly string[];
  /** The name compose.yaml gets. Default `compose.yaml`. */
  composeFileName?: string;
  /** Files beside the project's own, each at its own relative path. */
  alongside?: readonly ExportedFile[];
}

export interface BundleEntry {
  /** Relative, cleaned, `/`-separated; never absolute, never climbing out with `..`. */
  path: string;
  directory: boolean;
  /** Empty for a directory. */
  content: Uint8Array;
  /** Unix permission bits (0o644 for a file, 0o755 for a directory unless the export says otherwise). */
  mode: number;
}

const FILE_MODE = 0o644;
const DIRECTORY_MODE = 0o755;
/**
 * Fixed modification time, so the same project always zips to the same bytes. Built from local
 * date parts because zip stores local DOS time and fflate reads it back with local getters: the
 * stored bytes are then the same in every time zone. Noon keeps clear of midnight DST changes.
 */
const FIXED_MTIME = new Date(1980, 0, 1, 12, 0, 0);
const UNIX = 3;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const MSDOS_DIRECTORY = 0x10;

/**
 * The entries in the order they are written: compose.yaml first (when there is one), then every
 * directory (parents before children, including the parents of each file) and file, sorted by path. A path that is absolute or
 * leaves the project (a provisioner's mistake) is an error rather than a file written elsewhere.
 */
export function bundleEntries(project: ProjectFiles): { entries: BundleEntry[] } | { error: string } {
  const composeName = project.composeFileName ?? 'compose.yaml';
  const composePath = safePath(composeName);
  if (composePath === undefined) return { error: `the compose file name '${composeName}' is not a relative path` };

  const byPath = new Map<string, BundleEntry>();
  const addDirectory = (path: string) => {
    if (path === '.' || byPath.has(path)) return;
    byPath.set(path, { path, directory: true, content: new Uint8Array(0), mode: DIRECTORY_MODE });
  };
  const addParents = (path: string) => {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) addDirectory(parts.slice(0, i).join('/'));
  };

  for (const directory of project.directories) {
    const path = safePath(directory);
    if (path === undefined) return { error: `the mounted directory '${directory}' is outside the project` };
    addParents(path);
    addDirectory(path);
  }
  const mounted = new Set(project.files);
  for (const file of [...project.files, ...(project.alongside ?? [])]) {
    const what = mounted.has(file) ? 'mounted file' : 'file';
    const path = safePath(file.path);
    if (path === undefined) return { error: `the ${what} '${file.path}' is outside the project` };
    if (path === composePath && project.compose !== undefined)
      return { error: `a ${what} would overwrite '${composePath}'` };
    const existing = byPath.get(path);
    if (existing?.directory) return { error: `'${path}' is both a ${what} and a directory` };
    if (existing && !mounted.has(file)) return { error: `two files of the bundle would be '${path}'` };
    addParents(path);
    const content = typeof file.content === 'string' ? strToU8(file.content) : file.content;
    byPath.set(path, { path, directory: false, content, mode: file.mode ?? FILE_MODE });
  }
  for (const entry of byPath.values()) {
    const parent = entry.path.slice(0, Math.max(0, entry.path.lastIndexOf('/')));
    if (parent !== '' && byPath.get(parent)?.directory === false) {
      return { error: `'${parent}' is both a mounted file and a directory` };
    }
  }
  if (project.compose !== undefined) addParents(composePath);

  const sorted = [...byPath.values()].sort((a, b) => compareCodeUnits(sortKey(a), sortKey(b)));
  if (project.compose === undefined) return { entries: sorted };
  const compose: BundleEntry = {
    path: composePath,
    directory: false,
    content: strToU8(project.compose),
    mode: FILE_MODE,
  };
  return { entries: [compose, ...sorted] };
}

/** The project as a .zip: same input, same bytes (fixed times, fixed order, Unix modes). */
export function composeBundle(project: ProjectFiles): { zip: Uint8Array } | { error: string } {
  const listed = bundleEntries(project);
  if ('error' in listed) return listed;
  const archive: Zippable = {};
  for (const entry of listed.entries) {
    const type = entry.directory ? S_IFDIR : S_IFREG;
    // External attributes: Unix type and mode in the high 16 bits, the MS-DOS directory bit in the low ones.
    const attrs = (((type | entry.mode) << 16) >>> 0) + (entry.directory ? MSDOS_DIRECTORY : 0);
    const name = entry.directory ? `${entry.path}/` : entry.path;
    archive[name] = [entry.content, { mtime: FIXED_MTIME, os: UNIX, attrs, level: entry.directory ? 0 : 6 }];
  }
  try {
    return { zip: zipSync(archive) };
  } catch (error) {
    return { error: `the bundle could not be zipped: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A relative path without `.` or `..` steps, or undefined when it is absolute or climbs out. */
function safePath(path: string): string | undefined {
  if (!isLocalPath(path)) return undefined;
  const clean = cleanPath(path);
  return clean === '.' ? undefined : clean;
}

/** Directories sort as `dir/`, so that a directory comes right before what it holds. */
function sortKey(entry: BundleEntry): string {
  return entry.directory ? `${entry.path}/` : entry.path;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
