import { parseReference } from '../../workload/placeholder-syntax';
import { resourceUid } from '../../provisioners/uid';
import { bindShape, tmpfsOptionsShape, volumeOptionsShape, type ShapeContext } from './compose-shapes';
import { joinPath } from '../../go/path';
import type { ServiceMount } from './mounts';
import { substituteString, type Resolver } from './substitution';
import { isRecord } from '../../workload/values';
import { type ScoreVolume, type ScoreWorkload } from './workload';

/**
 * A container volume becomes a compose mount. `${resources.NAME}` in the source stands for the
 * resource's uid; when that resource exists its outputs say what to mount (a named volume, a bind
 * mount or a tmpfs) and the Score `path` becomes a sub-path. Any other source is a volume name.
 */
export interface VolumeInput {
  workload: ScoreWorkload;
  target: string;
  volume: ScoreVolume;
  /** For placeholders other than `${resources.NAME}` (compose-deferred). */
  resolver: Resolver;
  outputsOf: (uid: string) => Record<string, unknown> | undefined;
  ctx: ShapeContext;
}

const ALLOWED: Record<string, string[]> = {
  volume: ['type', 'source', 'volume'],
  tmpfs: ['type', 'tmpfs'],
  bind: ['type', 'source', 'bind'],
};

export function convertVolume(input: VolumeInput): { mount: ServiceMount } | { error: string } {
  const { workload, volume } = input;
  const source = substituteString(volume.source, (ref) => {
    const parts = parseReference(ref);
    if (parts.length === 2 && parts[0] === 'resources') {
      const name = parts[1]!;
      const res = Object.prototype.hasOwnProperty.call(workload.resources, name) ? workload.resources[name] : undefined;
      if (!res) return { error: `resource '${name}' does not exist` };
      return { value: resourceUid(workload.name, name, res.type, res.class, res.id) };
    }
    return input.resolver(ref);
  });
  if ('error' in source) return source;
  const uid = source.text;
  const mount: ServiceMount = { type: 'volume', source: uid, target: input.target, readOnly: volume.readOnly === true };

  const outputs = input.outputsOf(uid);
  if (!outputs) return { mount };
  const type = outputs.type;
  if (typeof type !== 'string') return { error: `resource '${uid}' has no 'type' output` };
  const allowed = ALLOWED[type];
  if (!allowed) return { error: `resource '${uid}' has invalid type '${type}'` };
  const unknown = Object.keys(outputs).find((k) => !allowed.includes(k));
  if (unknown !== undefined) {
    return { error: `resource '${uid}' outputs cannot decode for ${type}: field ${unknown} not found` };
  }
  mount.type = type;
  const path = volume.path ?? '';
  const where = `resource '${uid}' outputs`;
  switch (type) {
    case 'volume': {
      mount.source = text(outputs.source);
      let options = shaped(volumeOptionsShape, outputs.volume, `${where}.volume`, input.ctx);
      if (path !== '') {
        options ??= new Map();
        options.set('subpath', joinPath(text(options.get('subpath')), path));
      }
      if (options) mount.volume = options;
      break;
    }
    case 'tmpfs': {
      const options = shaped(tmpfsOptionsShape, outputs.tmpfs, `${where}.tmpfs`, input.ctx);
      if (options) mount.tmpfs = options;
      if (path !== '') return { error: `can't mount named tmpfs volume with sub path '${path}': not supported` };
      break;
    }
    case 'bind': {
      mount.source = text(outputs.source);
      if (path !== '') mount.source = joinPath(mount.source, path);
      const options = shaped(bindShape, outputs.bind, `${where}.bind`, input.ctx);
      if (options) mount.bind = options;
      break;
    }
  }
  return { mount };
}

function shaped(
  shape: (raw: unknown, path: string, ctx: ShapeContext) => unknown,
  raw: unknown,
  path: string,
  ctx: ShapeContext,
): Map<string, unknown> | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = shape(isRecord(raw) ? raw : {}, path, ctx);
  return value instanceof Map ? value : undefined;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value);
}
