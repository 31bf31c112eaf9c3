import {
  base64Decode,
  basePath,
  dirPath,
  isAbsPath,
  joinPath,
  sha256Hex,
  substituteString,
  utf8DecodeStrict,
  utf8Encode,
  type Resolver,
  type ScoreFile,
} from '../common/borrowed';
import { base64Std } from '../common/encoding-base64';
import { decodeSecretRefs, isWholeRef } from '../common/secret-refs';
import type { Manifest } from '../common/write';
import type { Converted } from './container';

/**
 * A container file, as score-k8s mounts it: its content (expanded unless noExpand or binaryContent)
 * in a ConfigMap `<workload>-<container>-file-<hash of target>` under the key `file`, mounted at the
 * target's directory (not a subPath: the mount hides what the image has in that directory). A file
 * whose whole content is one secret reference is mounted from that Secret instead.
 */
export interface ConvertedFile {
  mount: { name: string; mountPath: string };
  configMap?: Manifest;
  volume: Record<string, unknown>;
}

export interface FileContext {
  /** `<workload>-<container>-` */
  prefix: string;
  /** The workload's file: sources are read relative to its directory. */
  workloadFile: string;
  resolver: Resolver;
  readFile?: (path: string) => Uint8Array | string | undefined;
}

/** The first 5 bytes of the target's SHA-256, in hex: how score-k8s names a target's volume. */
export function targetHash(target: string): string {
  return sha256Hex(target).slice(0, 10);
}

export function convertFile(target: string, file: ScoreFile, context: FileContext): Converted<ConvertedFile> {
  const hash = targetHash(target);
  const mount = { name: `file-${hash}`, mountPath: dirPath(target) };

  let mode: number | undefined;
  if (file.mode !== undefined) {
    // strconv.ParseInt(mode, 8, 32): an optional sign and octal digits.
    const octal = /^([+-]?)([0-7]+)$/.exec(file.mode);
    const parsed = octal ? (octal[1] === '-' ? -1n : 1n) * BigInt(`0o${octal[2]}`) : null;
    if (parsed === null || parsed > 0x7fffffffn || parsed < -0x80000000n) {
      const why = parsed === null ? 'invalid syntax' : 'value out of range';
      return {
        error: `mode: failed to parse '${file.mode}': strconv.ParseInt: parsing ${JSON.stringify(file.mode)}: ${why}`,
      };
    }
    mode = Number(parsed);
  }

  let bytes: Uint8Array;
  if (file.content !== undefined) bytes = utf8Encode(file.content);
  else if (file.binaryContent !== undefined) {
    const decoded = base64Decode(file.binaryContent);
    if ('error' in decoded) return { error: `binaryContent: failed to decode base64: ${decoded.error}` };
    bytes = decoded.bytes;
  } else if (file.source !== undefined) {
    const path = isAbsPath(file.source) ? file.source : joinPath(dirPath(context.workloadFile), file.source);
    const read = context.readFile?.(path);
    if (read === undefined) {
      return { error: `source: failed to read file '${path}': open ${path}: no such file or directory` };
    }
    bytes = typeof read === 'string' ? utf8Encode(read) : read;
  } else return { error: "missing 'content' or 'source'" };

  const item = (key: string) => ({ key, path: basePath(target), ...(mode !== undefined ? { mode } : {}) });
  if (file.noExpand !== true && file.binaryContent === undefined) {
    const text = utf8DecodeStrict(bytes);
    if (text === undefined) {
      return { error: 'source content contains non-utf8 bytes; set noExpand=true or use binaryContent' };
    }
    const expanded = substituteString(text, context.resolver);
    if ('error' in expanded) return { error: `failed to substitute in content: ${expanded.error}` };
    const decoded = decodeSecretRefs(expanded.text);
    if ('error' in decoded) return { error: `content: failed to resolve secret: ${decoded.error}` };
    if (decoded.refs.length > 0) {
      if (!isWholeRef(decoded)) return { error: 'content: contained a mix of secret references and raw content' };
      const ref = decoded.refs[0]!;
      return {
        value: { mount, volume: { name: mount.name, secret: { secretName: ref.name, items: [item(ref.key)] } } },
      };
    }
    bytes = utf8Encode(expanded.text);
  }

  const name = `${context.prefix}file-${hash}`;
  return {
    value: {
      mount,
      configMap: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, binaryData: { file: base64Std(bytes) } },
      volume: { name: mount.name, configMap: { name, items: [item('file')] } },
    },
  };
}
