import { emptyRecord, isRecord, toRecord } from '../../workload/values';

/**
 * The workload as score-compose sees it after score-go's upgrade transforms and MapSpec: typed
 * fields, files and volumes keyed by target, and the raw metadata kept for ${metadata…} lookups.
 */

export interface ScoreFile {
  content?: string;
  source?: string;
  binaryContent?: string;
  mode?: string;
  noExpand?: boolean;
}

export interface ScoreVolume {
  source: string;
  path?: string;
  readOnly?: boolean;
}

export interface ScoreProbe {
  exec?: { command: string[] };
  httpGet?: unknown;
}

export interface ScoreContainer {
  image: string;
  command?: string[];
  args?: string[];
  variables: Record<string, string>;
  files: Record<string, ScoreFile>;
  volumes: Record<string, ScoreVolume>;
  resources?: { limits?: unknown; requests?: unknown };
  livenessProbe?: ScoreProbe;
  readinessProbe?: ScoreProbe;
  before: Record<string, { ready: string }>;
}

export interface ScoreResource {
  type: string;
  class?: string;
  id?: string;
  metadata?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

export interface ScoreServicePort {
  port: number;
  targetPort?: number;
  protocol?: string;
}

export interface ScoreWorkload {
  name: string;
  /** The file it came from, as given; file sources are read relative to its directory. */
  file: string;
  metadata: Record<string, unknown>;
  containers: Record<string, ScoreContainer>;
  resources: Record<string, ScoreResource>;
  servicePorts: Record<string, ScoreServicePort>;
}

/**
 * score-go's ApplyCommonUpgradeTransforms, on a copy: list-form files and volumes become maps keyed
 * by target, `read_only` becomes `readOnly`, and list `content` is joined with newlines.
 */
export function upgradeWorkload(raw: Record<string, unknown>): Record<string, unknown> {
  const out = toRecord(raw);
  if (!isRecord(raw.containers)) return out;
  const containers = emptyRecord<unknown>();
  for (const [name, container] of Object.entries(raw.containers)) {
    if (!isRecord(container)) {
      containers[name] = container;
      continue;
    }
    const c = toRecord(container);
    if (Array.isArray(c.files)) c.files = listToMap(c.files, upgradeFile);
    else if (isRecord(c.files)) c.files = mapValues(c.files, upgradeFile);
    if (Array.isArray(c.volumes)) c.volumes = listToMap(c.volumes, upgradeVolume);
    else if (isRecord(c.volumes)) c.volumes = mapValues(c.volumes, upgradeVolume);
    containers[name] = c;
  }
  out.containers = containers;
  return out;
}

function upgradeFile(file: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(file.content)) file.content = file.content.map((line) => goSprint(line)).join('\n');
  return file;
}

function upgradeVolume(volume: Record<string, unknown>): Record<string, unknown> {
  if (typeof volume.read_only === 'boolean') {
    volume.readOnly = volume.read_only;
    delete volume.read_only;
  }
  return volume;
}

function listToMap(
  items: unknown[],
  upgrade: (item: Record<string, unknown>) => Record<string, unknown>,
): Record<string, unknown> {
  const out = emptyRecord<unknown>();
  for (const item of items) {
    if (!isRecord(item)) continue;
    const copy = upgrade(toRecord(item));
    const target = copy.target;
    delete copy.target;
    out[typeof target === 'string' ? target : goSprint(target)] = copy;
  }
  return out;
}

function mapValues(
  map: Record<string, unknown>,
  upgrade: (item: Record<string, unknown>) => Record<string, unknown>,
): Record<string, unknown> {
  const out = emptyRecord<unknown>();
  for (const [k, v] of Object.entries(map)) out[k] = isRecord(v) ? upgrade(toRecord(v)) : v;
  return out;
}

/** fmt.Sprint of a decoded YAML scalar. */
export function goSprint(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  return String(value);
}

/** The typed workload (score-go MapSpec). Expects a schema-valid, upgraded spec; tolerates anything. */
export function toWorkload(spec: Record<string, unknown>, file: string): ScoreWorkload {
  const metadata = toRecord(spec.metadata);
  const containers = emptyRecord<ScoreContainer>();
  for (const [name, raw] of Object.entries(toRecord(spec.containers))) containers[name] = toContainer(toRecord(raw));
  const resources = emptyRecord<ScoreResource>();
  for (const [name, raw] of Object.entries(toRecord(spec.resources))) {
    const r = toRecord(raw);
    resources[name] = {
      type: str(r.type),
      ...(typeof r.class === 'string' ? { class: r.class } : {}),
      ...(typeof r.id === 'string' ? { id: r.id } : {}),
      ...(isRecord(r.metadata) ? { metadata: toRecord(r.metadata) } : {}),
      ...(isRecord(r.params) ? { params: toRecord(r.params) } : {}),
    };
  }
  const servicePorts = emptyRecord<ScoreServicePort>();
  const service = toRecord(spec.service);
  for (const [name, raw] of Object.entries(toRecord(service.ports))) {
    const p = toRecord(raw);
    servicePorts[name] = {
      port: Number(p.port),
      ...(p.targetPort !== undefined && p.targetPort !== null ? { targetPort: Number(p.targetPort) } : {}),
      ...(typeof p.protocol === 'string' ? { protocol: p.protocol } : {}),
    };
  }
  return { name: str(metadata.name), file, metadata, containers, resources, servicePorts };
}

function toContainer(c: Record<string, unknown>): ScoreContainer {
  const variables = emptyRecord<string>();
  for (const [k, v] of Object.entries(toRecord(c.variables))) variables[k] = str(v);
  const files = emptyRecord<ScoreFile>();
  for (const [target, raw] of Object.entries(toRecord(c.files))) {
    const f = toRecord(raw);
    files[target] = {
      ...(f.content !== undefined && f.content !== null ? { content: str(f.content) } : {}),
      ...(typeof f.source === 'string' ? { source: f.source } : {}),
      ...(typeof f.binaryContent === 'string' ? { binaryContent: f.binaryContent } : {}),
      ...(f.mode !== undefined && f.mode !== null ? { mode: str(f.mode) } : {}),
      ...(typeof f.noExpand === 'boolean' ? { noExpand: f.noExpand } : {}),
    };
  }
  const volumes = emptyRecord<ScoreVolume>();
  for (const [target, raw] of Object.entries(toRecord(c.volumes))) {
    const v = toRecord(raw);
    volumes[target] = {
      source: str(v.source),
      ...(typeof v.path === 'string' ? { path: v.path } : {}),
      ...(typeof v.readOnly === 'boolean' ? { readOnly: v.readOnly } : {}),
    };
  }
  const before = emptyRecord<{ ready: string }>();
  for (const [other, raw] of Object.entries(toRecord(c.before))) before[other] = { ready: str(toRecord(raw).ready) };
  const resources = isRecord(c.resources)
    ? {
        ...(c.resources.limits !== undefined ? { limits: c.resources.limits } : {}),
        ...(c.resources.requests !== undefined ? { requests: c.resources.requests } : {}),
      }
    : undefined;
  return {
    image: str(c.image),
    ...(Array.isArray(c.command) ? { command: c.command.map(str) } : {}),
    ...(Array.isArray(c.args) ? { args: c.args.map(str) } : {}),
    variables,
    files,
    volumes,
    ...(resources ? { resources } : {}),
    ...(isRecord(c.livenessProbe) ? { livenessProbe: toProbe(c.livenessProbe) } : {}),
    ...(isRecord(c.readinessProbe) ? { readinessProbe: toProbe(c.readinessProbe) } : {}),
    before,
  };
}

function toProbe(p: Record<string, unknown>): ScoreProbe {
  const exec = toRecord(p.exec);
  return {
    ...(isRecord(p.exec) ? { exec: { command: Array.isArray(exec.command) ? exec.command.map(str) : [] } } : {}),
    ...(p.httpGet !== undefined && p.httpGet !== null ? { httpGet: p.httpGet } : {}),
  };
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return String(value);
}
