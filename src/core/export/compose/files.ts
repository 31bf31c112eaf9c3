import { base64Decode } from '../../go/encoding/base64';
import { utf8DecodeStrict } from '../../go/unicode/utf8';
import { basePath, dirPath, isLocalPath, joinPath } from '../../go/path';
import { sortStrings as sortGoStrings } from '../../go/sort';
import type { ExportedFile, ServiceMount } from './mounts';
import { substituteString, type Resolver } from './substitution';
import type { ScoreContainer } from './workload';

/**
 * Container files become bind mounts of files written under `<mounts>/files/`, named
 * `<workload>-files-<basename of target>` (score-compose convertFilesIntoVolumes). Contents are
 * expanded unless noExpand, binaryContent, or not UTF-8. Mode: octal, owner must read; without owner
 * write the file gets |0600 and the mount becomes read-only.
 */
export interface FilesInput {
  workload: string;
  /** The workload's file; sources are read relative to its directory. */
  workloadFile: string;
  containerName: string;
  container: ScoreContainer;
  mountsDirectory: string;
  resolver: Resolver;
  readFile?: (path: string) => Uint8Array | string | undefined;
}

export type FilesOutcome = { mounts: ServiceMount[]; files: ExportedFile[]; warnings: string[] } | { error: string };

export function convertFiles(input: FilesInput): FilesOutcome {
  const { containerName: c, container } = input;
  const mounts: ServiceMount[] = [];
  const files: ExportedFile[] = [];
  const warnings: string[] = [];
  const filesDir = joinPath(input.mountsDirectory, 'files');
  const usedNames = new Map<string, string>();

  for (const target of sortGoStrings(Object.keys(container.files))) {
    const file = container.files[target]!;
    const where = `containers.${c}.files[${target}]`;
    let text: string | undefined;
    let bytes: Uint8Array | undefined;
    if (file.content !== undefined) text = file.content;
    else if (file.source !== undefined) {
      if (!isLocalPath(file.source))
        return { error: `${where}.source: must be a relative path within the Score file's directory` };
      const path = joinPath(dirPath(input.workloadFile), file.source);
      const read = input.readFile?.(path);
      if (read === undefined)
        return { error: `${where}.source: failed to read: open ${path}: no such file or directory` };
      if (typeof read === 'string') text = read;
      else {
        const decoded = utf8DecodeStrict(read);
        if (decoded === undefined) bytes = read;
        else text = decoded;
      }
    } else if (file.binaryContent !== undefined) {
      const decoded = base64Decode(file.binaryContent);
      if ('error' in decoded) return { error: `${where}.binaryContent: failed to decode base64: ${decoded.error}` };
      bytes = decoded.bytes;
    } else return { error: `${where}: missing 'content', 'binaryContent', or 'source'` };

    if (text !== undefined && file.noExpand !== true && file.binaryContent === undefined) {
      const expanded = substituteString(text, input.resolver);
      if ('error' in expanded) return { error: `${where}: failed to substitute in content: ${expanded.error}` };
      text = expanded.text;
    }

    let readOnly = false;
    let mode = 0o644;
    if (file.mode !== undefined) {
      if (!/^[+-]?[0-7]+$/.test(file.mode)) return { error: `${where}: failed to parse '${file.mode}' as octal` };
      let parsed = parseInt(file.mode, 8);
      if (parsed > 0o777) return { error: `${where}: mode must be <= 0777` };
      if ((parsed & 0o400) !== 0o400) return { error: `${where}: mode must be at least 0400` };
      if ((parsed & 0o600) !== 0o600) {
        parsed |= 0o600;
        readOnly = true;
      }
      mode = parsed;
    }

    const name = `${input.workload}-files-${basePath(target).replace(/^\/+|\/+$/g, '')}`;
    const previous = usedNames.get(name);
    if (previous !== undefined) {
      warnings.push(
        `${where}: shares its mount file name '${name}' with files[${previous}] (score-compose names mounts by the target's base name), so both mounts show the same file`,
      );
    }
    usedNames.set(name, target);
    const path = joinPath(filesDir, name);
    files.push({ path, content: bytes ?? text ?? '', mode });
    mounts.push({ type: 'bind', source: path, target, readOnly });
  }
  return { mounts, files, warnings };
}
