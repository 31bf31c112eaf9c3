import { isData, own, type Data, type Notes } from './read';

/**
 * A service's `volumes`: named and anonymous volumes become mounts of `volume` resources; host
 * folders and other mount types are left out with the reason.
 */

export interface Mount {
  /** A named volume, or one with no name (its own volume for the container). */
  kind: 'volume' | 'anonymous';
  source?: string;
  target: string;
  readOnly: boolean;
  subpath?: string;
  at: string[];
}

export function mounts(notes: Notes, spec: Data, at: string[], declared: Data): Mount[] {
  const value = own(spec, 'volumes');
  if (!Array.isArray(value)) return [];
  const out: Mount[] = [];
  value.forEach((item, i) => {
    const here = [...at, 'volumes', String(i)];
    const mount = isData(item) ? longMount(notes, item, here) : shortMount(notes, item, here);
    if (!mount) return;
    if (mount.kind === 'volume' && mount.source !== undefined) {
      const volume = own(declared, mount.source);
      if (isData(volume) && own(volume, 'external') === true) {
        notes.changed(
          `Volume "${mount.source}" is external in Compose; in Score it is a volume resource, a new volume that score-compose makes.`,
          here,
        );
      }
    }
    out.push(mount);
  });
  return out;
}

function shortMount(notes: Notes, item: unknown, at: string[]): Mount | undefined {
  if (typeof item !== 'string') {
    notes.notConverted('A volume must be SOURCE:TARGET[:MODE] or a mapping; this one is left out.', at);
    return undefined;
  }
  const parts = item.split(':');
  if (parts.length === 1) return { kind: 'anonymous', target: item, readOnly: false, at };
  const [source = '', target = '', mode = ''] = parts;
  if (isHostPath(source)) return bindMount(notes, source, at);
  const flags = mode.split(',');
  return { kind: 'volume', source, target, readOnly: flags.includes('ro'), at };
}

function longMount(notes: Notes, item: Data, at: string[]): Mount | undefined {
  const type = own(item, 'type') ?? 'volume';
  const source = own(item, 'source');
  const target = own(item, 'target');
  if (typeof target !== 'string' || target === '') {
    notes.notConverted('This volume has no target; it is left out.', at);
    return undefined;
  }
  if (type === 'bind') return bindMount(notes, typeof source === 'string' ? source : '', at);
  if (type !== 'volume') {
    notes.notConverted(
      `A ${String(type)} mount has no counterpart in Score, which mounts volume resources; it is left out.`,
      at,
    );
    return undefined;
  }
  const subpath = own(own(item, 'volume'), 'subpath');
  return {
    kind: typeof source === 'string' && source !== '' ? 'volume' : 'anonymous',
    ...(typeof source === 'string' && source !== '' ? { source } : {}),
    target,
    readOnly: own(item, 'read_only') === true,
    ...(typeof subpath === 'string' ? { subpath } : {}),
    at,
  };
}

function isHostPath(source: string): boolean {
  return source.startsWith('/') || source.startsWith('.') || source.startsWith('~') || source.includes('$');
}

function bindMount(notes: Notes, source: string, at: string[]): undefined {
  notes.notConverted(
    `"${source}" is a folder or file of the host, which Score does not mount: mount a volume resource instead, or a file with containers.*.files (source: ${source || 'PATH'}).`,
    at,
  );
  return undefined;
}
