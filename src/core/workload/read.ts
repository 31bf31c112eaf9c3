import type { ParsedDocument } from '../document/parse';
import { findWorkloadPlaceholders } from './placeholders';
import type {
  CommandCheck,
  ComputeAmounts,
  Container,
  ContainerResources,
  HttpCheck,
  MountedFile,
  MountedVolume,
  Mounts,
  Probe,
  Resource,
  Scalar,
  ServicePort,
  StartOrderEntry,
  Workload,
  WorkloadInText,
  WorkloadMetadata,
} from './types';
import { isRecord, type Data } from './values';

/**
 * Reading the typed view (types.ts) from plain data. Read once per check and shared: each view is
 * kept with the data it was read from, and so is each container's and resource's. After an edit the
 * incremental re-read (and the page's copy of the worker's answer) keeps the data of every entry the
 * edit did not touch, so reading the workload again reads only the edited entries.
 */

/** The view of a workload's plain value (any value: what is not a mapping reads as an empty workload). */
export function readWorkload(value: unknown): Workload {
  if (!isRecord(value)) return EMPTY;
  let view = workloads.get(value);
  if (!view) {
    view = {
      value,
      apiVersion: scalar(value.apiVersion),
      metadata: readMetadata(value.metadata),
      containers: named(value.containers, containers, readContainer),
      resources: named(value.resources, resources, readResource),
      servicePorts: named(isRecord(value.service) ? value.service.ports : undefined, undefined, readServicePort),
    };
    workloads.set(value, view);
  }
  return view;
}

/** The view of a workload read from its text, with its placeholders and their places (once per document). */
export function workloadOf(parsed: ParsedDocument): WorkloadInText {
  let view = inText.get(parsed);
  if (!view) {
    view = {
      ...readWorkload(parsed.value),
      parsed,
      get placeholders() {
        return findWorkloadPlaceholders(parsed);
      },
    };
    inText.set(parsed, view);
  }
  return view;
}

const EMPTY: Workload = {
  value: {},
  apiVersion: undefined,
  metadata: undefined,
  containers: new Map(),
  resources: new Map(),
  servicePorts: new Map(),
};

const workloads = new WeakMap<Data, Workload>();
const inText = new WeakMap<ParsedDocument, WorkloadInText>();
const containers = new WeakMap<Data, Container>();
const resources = new WeakMap<Data, Resource>();

/** A scalar as written; undefined for anything else. */
function scalar(value: unknown): Scalar | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

function boolean(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function scalars(value: unknown): ReadonlyArray<Scalar | undefined> | undefined {
  return Array.isArray(value) ? value.map(scalar) : undefined;
}

/**
 * The entries of a mapping of named things, each read once. `kept` remembers each entry's view by
 * its data (an entry read under another name is read again).
 */
function named<T extends { name: string }>(
  value: unknown,
  kept: WeakMap<Data, T> | undefined,
  read: (name: string, data: Data) => T,
): ReadonlyMap<string, T> {
  const out = new Map<string, T>();
  if (!isRecord(value)) return out;
  for (const [name, data] of Object.entries(value)) {
    if (!isRecord(data)) {
      out.set(name, read(name, NOTHING));
      continue;
    }
    let view = kept?.get(data);
    if (view?.name !== name) {
      view = read(name, data);
      kept?.set(data, view);
    }
    out.set(name, view);
  }
  return out;
}

/** What an entry that is not a mapping reads as. */
const NOTHING: Data = Object.freeze({});

function scalarsByName(value: unknown): ReadonlyMap<string, Scalar | undefined> {
  const out = new Map<string, Scalar | undefined>();
  if (isRecord(value)) for (const [name, v] of Object.entries(value)) out.set(name, scalar(v));
  return out;
}

function readMetadata(value: unknown): WorkloadMetadata | undefined {
  if (!isRecord(value)) return undefined;
  return { name: scalar(value.name), annotations: scalarsByName(value.annotations), values: value };
}

function readContainer(name: string, c: Data): Container {
  return {
    name,
    image: scalar(c.image),
    command: scalars(c.command),
    args: scalars(c.args),
    variables: scalarsByName(c.variables),
    files: mounts(c.files, readFile),
    volumes: mounts(c.volumes, readVolume),
    resources: readContainerResources(c.resources),
    livenessProbe: readProbe(c.livenessProbe),
    readinessProbe: readProbe(c.readinessProbe),
    before: startOrder(c.before),
  };
}

function mounts<T>(value: unknown, read: (key: string, target: Scalar | undefined, data: Data) => T): Mounts<T> {
  if (Array.isArray(value)) {
    const entries = value.map((item: unknown, i) => {
      const data = isRecord(item) ? item : NOTHING;
      return read(String(i), scalar(data.target), data);
    });
    return { form: 'list', entries };
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).map(([key, item]) => read(key, key, isRecord(item) ? item : NOTHING));
    return { form: 'map', entries };
  }
  return { form: 'none', entries: [] };
}

function readFile(key: string, target: Scalar | undefined, f: Data): MountedFile {
  return {
    key,
    target,
    mode: scalar(f.mode),
    source: scalar(f.source),
    content: scalar(f.content),
    binaryContent: scalar(f.binaryContent),
    noExpand: boolean(f.noExpand),
  };
}

function readVolume(key: string, target: Scalar | undefined, v: Data): MountedVolume {
  return { key, target, source: scalar(v.source), path: scalar(v.path), readOnly: boolean(v.readOnly) };
}

function readContainerResources(value: unknown): ContainerResources | undefined {
  if (!isRecord(value)) return undefined;
  return { requests: readAmounts(value.requests), limits: readAmounts(value.limits) };
}

function readAmounts(value: unknown): ComputeAmounts | undefined {
  return isRecord(value) ? { cpu: scalar(value.cpu), memory: scalar(value.memory) } : undefined;
}

function readProbe(value: unknown): Probe | undefined {
  if (!isRecord(value)) return undefined;
  return { httpGet: readHttpCheck(value.httpGet), exec: readCommandCheck(value.exec) };
}

function readHttpCheck(value: unknown): HttpCheck | undefined {
  if (!isRecord(value)) return undefined;
  const headers = value.httpHeaders;
  return {
    host: scalar(value.host),
    scheme: scalar(value.scheme),
    path: scalar(value.path),
    port: scalar(value.port),
    httpHeaders: Array.isArray(headers)
      ? headers.map((h: unknown) => (isRecord(h) ? { name: scalar(h.name), value: scalar(h.value) } : EMPTY_HEADER))
      : undefined,
  };
}

const EMPTY_HEADER = { name: undefined, value: undefined };

function readCommandCheck(value: unknown): CommandCheck | undefined {
  return isRecord(value) ? { command: scalars(value.command) } : undefined;
}

function startOrder(value: unknown): ReadonlyMap<string, StartOrderEntry> {
  const out = new Map<string, StartOrderEntry>();
  if (isRecord(value)) {
    for (const [name, entry] of Object.entries(value))
      out.set(name, { ready: isRecord(entry) ? scalar(entry.ready) : undefined });
  }
  return out;
}

function readResource(name: string, r: Data): Resource {
  return {
    name,
    type: scalar(r.type),
    class: scalar(r.class),
    id: scalar(r.id),
    metadata: isRecord(r.metadata) ? r.metadata : undefined,
    params: isRecord(r.params) ? r.params : undefined,
  };
}

function readServicePort(name: string, p: Data): ServicePort {
  return { name, port: scalar(p.port), targetPort: scalar(p.targetPort), protocol: scalar(p.protocol) };
}
