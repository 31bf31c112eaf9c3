import { readWorkload } from '../../workload/read';
import type { Container, Probe } from '../../workload/types';
import { emptyRecord, isRecord, toRecord } from '../../workload/values';

/**
 * The workload as score-compose sees it after score-go's upgrade transforms and MapSpec: fields as
 * Go's types hold them (text where Go has a string), files and volumes keyed by target, and the raw
 * metadata kept for ${metadata…} lookups.
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

/**
 * The typed workload (score-go MapSpec), read through the workload's typed view. Expects a
 * schema-valid, upgraded spec; tolerates anything.
 */
export function toWorkload(spec: Record<string, unknown>, file: string): ScoreWorkload {
  const read = readWorkload(spec);
  const metadata = toRecord(read.metadata?.values);
  const containers = emptyRecord<ScoreContainer>();
  for (const container of read.containers.values()) containers[container.name] = toContainer(container);
  const resources = emptyRecord<ScoreResource>();
  for (const r of read.resources.values()) {
    resources[r.name] = {
      type: str(r.type),
      ...(typeof r.class === 'string' ? { class: r.class } : {}),
      ...(typeof r.id === 'string' ? { id: r.id } : {}),
      ...(r.metadata ? { metadata: toRecord(r.metadata) } : {}),
      ...(r.params ? { params: toRecord(r.params) } : {}),
    };
  }
  const servicePorts = emptyRecord<ScoreServicePort>();
  for (const p of read.servicePorts.values()) {
    servicePorts[p.name] = {
      port: Number(p.port),
      ...(p.targetPort !== undefined ? { targetPort: Number(p.targetPort) } : {}),
      ...(typeof p.protocol === 'string' ? { protocol: p.protocol } : {}),
    };
  }
  return { name: str(read.metadata?.name), file, metadata, containers, resources, servicePorts };
}

function toContainer(c: Container): ScoreContainer {
  const variables = emptyRecord<string>();
  for (const [k, v] of c.variables) variables[k] = str(v);
  // Upgraded: files and volumes are keyed by target.
  const files = emptyRecord<ScoreFile>();
  for (const f of c.files.entries) {
    files[f.key] = {
      ...(f.content !== undefined ? { content: str(f.content) } : {}),
      ...(typeof f.source === 'string' ? { source: f.source } : {}),
      ...(typeof f.binaryContent === 'string' ? { binaryContent: f.binaryContent } : {}),
      ...(f.mode !== undefined ? { mode: str(f.mode) } : {}),
      ...(f.noExpand !== undefined ? { noExpand: f.noExpand } : {}),
    };
  }
  const volumes = emptyRecord<ScoreVolume>();
  for (const v of c.volumes.entries) {
    volumes[v.key] = {
      source: str(v.source),
      ...(typeof v.path === 'string' ? { path: v.path } : {}),
      ...(v.readOnly !== undefined ? { readOnly: v.readOnly } : {}),
    };
  }
  const before = emptyRecord<{ ready: string }>();
  for (const [other, entry] of c.before) before[other] = { ready: str(entry.ready) };
  const resources = c.resources
    ? {
        ...(c.resources.limits ? { limits: c.resources.limits } : {}),
        ...(c.resources.requests ? { requests: c.resources.requests } : {}),
      }
    : undefined;
  return {
    image: str(c.image),
    ...(c.command ? { command: c.command.map(str) } : {}),
    ...(c.args ? { args: c.args.map(str) } : {}),
    variables,
    files,
    volumes,
    ...(resources ? { resources } : {}),
    ...(c.livenessProbe ? { livenessProbe: toProbe(c.livenessProbe) } : {}),
    ...(c.readinessProbe ? { readinessProbe: toProbe(c.readinessProbe) } : {}),
    before,
  };
}

function toProbe(p: Probe): ScoreProbe {
  return {
    ...(p.exec ? { exec: { command: (p.exec.command ?? []).map(str) } } : {}),
    ...(p.httpGet ? { httpGet: p.httpGet } : {}),
  };
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return String(value);
}
