/** A service mount before it is printed (compose-go ServiceVolumeConfig, the fields score-compose sets). */
export interface ServiceMount {
  type: string;
  source: string;
  target: string;
  readOnly: boolean;
  /** Already in compose-go field order, ready to print. */
  bind?: Map<string, unknown>;
  volume?: Map<string, unknown>;
  tmpfs?: Map<string, unknown>;
}

/** A file the export writes next to compose.yaml (score-compose writes it under the mounts directory). */
export interface ExportedFile {
  path: string;
  content: string | Uint8Array;
  mode?: number;
}

/** compose-go ServiceVolumeConfig field order. */
export function mountToMap(m: ServiceMount): Map<string, unknown> {
  const out = new Map<string, unknown>([
    ['type', m.type],
    ['source', m.source],
    ['target', m.target],
  ]);
  if (m.type === '') out.delete('type');
  if (m.source === '') out.delete('source');
  if (m.target === '') out.delete('target');
  if (m.readOnly) out.set('read_only', true);
  if (m.bind) out.set('bind', m.bind);
  if (m.volume) out.set('volume', m.volume);
  if (m.tmpfs) out.set('tmpfs', m.tmpfs);
  return out;
}
