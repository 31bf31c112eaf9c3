import { compareDiagnostics, type Diagnostic, type DiagnosticCode, type Severity } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { childPointer } from '../document/pointer';
import { rangeOf, type RangePart } from '../document/source-map';
import { isRecord, type Data } from '../workload/values';
import { validateAgainstSchema, type SchemaProblem } from './crd-schema';
import { checkObjectMeta } from './object-meta';
import { WORKLOAD_API_VERSION, WORKLOAD_KIND, WORKLOAD_SCHEMA } from './workload-crd';

/**
 * A Score workload as the orchestrator's `Workload` custom resource: `metadata` becomes Kubernetes
 * ObjectMeta (with a namespace), and `containers`, `service` and `resources` move under `spec` in the
 * CRD's shapes — files as a list with `source.uri`, service ports as a list, probe headers as a map.
 * What the CRD cannot hold (volumes, `before`, `noExpand`, a resource's `id` and `metadata`, a probe's
 * scheme and host, metadata other than labels and annotations) is a warning at its place, and a port's
 * name (the list has none) a note. The result is then checked as the API server would check it
 * (crd-schema.ts, object-meta.ts), and every problem is placed in the Score text.
 */
export interface WorkloadResource {
  apiVersion: typeof WORKLOAD_API_VERSION;
  kind: typeof WORKLOAD_KIND;
  metadata: Data;
  spec: Data;
}

export interface WorkloadResourceOptions {
  /** The namespace to create it in. Default: the workload's `metadata.namespace`, else "default". */
  namespace?: string;
}

export interface WorkloadResourceExport {
  /** Undefined when the text could not be read as a workload (the syntax layer says why). */
  resource: WorkloadResource | undefined;
  /** The Score pointer a pointer into the resource came from (its nearest converted ancestor). */
  origin: (resourcePointer: string) => string;
  /** What was left out (warnings, notes) and what the API server would refuse (errors), source `export`. */
  diagnostics: Diagnostic[];
}

export function exportWorkloadResource(
  parsed: ParsedDocument,
  options: WorkloadResourceOptions = {},
): WorkloadResourceExport {
  if (parsed.blocked || !isRecord(parsed.value)) return { resource: undefined, origin: () => '', diagnostics: [] };
  const converter = new Converter();
  const resource = converter.convert(parsed.value, options);
  const origin = (pointer: string) => converter.origin(pointer);
  const diagnostics: Diagnostic[] = converter.notes.map((n) => ({
    severity: n.severity,
    code: n.code,
    message: n.message,
    path: n.pointer,
    range: rangeOf(parsed, n.pointer, n.part),
    source: 'export',
  }));
  for (const problem of validateWorkloadResource(resource)) {
    const path = origin(problem.pointer);
    diagnostics.push({
      severity: 'error',
      code: problem.code,
      message: `The orchestrator would refuse this Workload: ${problem.message}`,
      path,
      range: rangeOf(parsed, path, problem.part === 'key' ? 'key' : 'value'),
      source: 'export',
    });
  }
  return { resource, origin, diagnostics: diagnostics.sort(compareDiagnostics) };
}

/** Any Workload resource (converted here or written by hand) checked as the API server would on creation. */
export function validateWorkloadResource(resource: unknown): SchemaProblem[] {
  const problems = validateAgainstSchema(resource, WORKLOAD_SCHEMA);
  if (!isRecord(resource)) return problems;
  if (resource.apiVersion !== WORKLOAD_API_VERSION || resource.kind !== WORKLOAD_KIND) {
    problems.unshift({
      code: 'INVALID_ENUM',
      message: `A Workload resource has apiVersion ${WORKLOAD_API_VERSION} and kind ${WORKLOAD_KIND}, not ${String(resource.apiVersion)} and ${String(resource.kind)}.`,
      pointer: resource.apiVersion !== WORKLOAD_API_VERSION ? '/apiVersion' : '/kind',
      part: 'value',
    });
  }
  problems.push(...checkObjectMeta(resource.metadata));
  return problems;
}

interface Note {
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  pointer: string;
  part: RangePart;
}

const CONTAINER_FIELDS = [
  'image',
  'command',
  'args',
  'variables',
  'files',
  'volumes',
  'resources',
  'livenessProbe',
  'readinessProbe',
  'before',
];

class Converter {
  readonly notes: Note[] = [];
  /** Resource pointer → Score pointer, for every place whose path changes on the way. */
  private readonly origins = new Map<string, string>([
    ['', ''],
    ['/spec', ''],
  ]);

  origin(pointer: string): string {
    for (let at = pointer; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) {
      const known = this.origins.get(at);
      if (known !== undefined) return known + pointer.slice(at.length);
      if (at === '') return '';
    }
  }

  convert(score: Data, options: WorkloadResourceOptions): WorkloadResource {
    const spec: Data = {};
    const resource: WorkloadResource = {
      apiVersion: WORKLOAD_API_VERSION,
      kind: WORKLOAD_KIND,
      metadata: this.metadata(score.metadata, options),
      spec,
    };
    this.othersLeftOut(score, '', ['apiVersion', 'metadata', 'containers', 'service', 'resources'], 'Field');
    this.origins.set('/apiVersion', '/apiVersion');
    this.origins.set('/kind', '');
    if (score.containers !== undefined) spec.containers = this.containers(score.containers);
    if (score.service !== undefined) spec.service = this.service(score.service);
    if (score.resources !== undefined) spec.resources = this.resources(score.resources);
    return resource;
  }

  private metadata(value: unknown, options: WorkloadResourceOptions): Data {
    const metadata: Data = {};
    const given = isRecord(value) ? value : {};
    if (given.name !== undefined) metadata.name = given.name;
    const namespace = options.namespace ?? (typeof given.namespace === 'string' ? given.namespace : 'default');
    metadata.namespace = namespace;
    if (given.namespace === undefined) this.origins.set('/metadata/namespace', '/metadata');
    for (const key of ['labels', 'annotations'] as const) {
      const map = this.textValues(given[key], `/metadata/${key}`, key === 'labels' ? 'label' : 'annotation');
      if (map) metadata[key] = map;
    }
    for (const key of Object.keys(given)) {
      if (['name', 'namespace', 'labels', 'annotations'].includes(key)) continue;
      this.leftOut(
        childPointer('/metadata', key),
        `metadata.${key} is not kept: a Workload's metadata is Kubernetes ObjectMeta, which takes name, namespace, labels and annotations (put it in an annotation to keep it).`,
        'key',
      );
    }
    return metadata;
  }

  /** Labels and annotations: text values; a number or true/false is written as text, anything else left out. */
  private textValues(value: unknown, pointer: string, what: string): Data | undefined {
    if (value === undefined) return undefined;
    if (!isRecord(value)) {
      this.leftOut(pointer, `metadata.${what}s must be a mapping of text values; it is left out.`, 'key');
      return undefined;
    }
    const out: Data = {};
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') define(out, key, item);
      else if (typeof item === 'number' || typeof item === 'boolean') {
        define(out, key, String(item));
        this.note(
          childPointer(pointer, key),
          `The ${what} "${key}" is written as the text "${String(item)}": Kubernetes ${what}s are text.`,
        );
      } else this.leftOut(childPointer(pointer, key), `The ${what} "${key}" is not text; it is left out.`);
    }
    return out;
  }

  private containers(value: unknown): unknown {
    if (!isRecord(value)) return value; // the schema check reports it
    const out: Data = {};
    for (const [name, given] of Object.entries(value)) {
      const pointer = childPointer('/containers', name);
      if (!isRecord(given)) {
        define(out, name, given);
        continue;
      }
      const container: Data = {};
      for (const key of ['image', 'command', 'args', 'variables'] as const) {
        if (given[key] !== undefined) container[key] = given[key];
      }
      if (given.files !== undefined) container.files = this.files(given.files, pointer);
      for (const key of ['livenessProbe', 'readinessProbe'] as const) {
        if (given[key] !== undefined) container[key] = this.probe(given[key], childPointer(pointer, key));
      }
      if (given.resources !== undefined) container.resources = given.resources;
      if (given.volumes !== undefined) {
        const count = isRecord(given.volumes)
          ? Object.keys(given.volumes).length
          : Array.isArray(given.volumes)
            ? given.volumes.length
            : 0;
        this.leftOut(
          childPointer(pointer, 'volumes'),
          `The Workload resource has no volumes: ${count === 1 ? 'the volume' : `the ${count} volumes`} of container "${name}" ${count === 1 ? 'is' : 'are'} left out, and the orchestrator would not mount ${count === 1 ? 'it' : 'them'}.`,
          'key',
        );
      }
      if (given.before !== undefined) {
        this.leftOut(
          childPointer(pointer, 'before'),
          `The Workload resource has no start order: "before" of container "${name}" is left out, and its containers would start together.`,
          'key',
        );
      }
      this.othersLeftOut(given, pointer, CONTAINER_FIELDS, 'Container field');
      define(out, name, container);
    }
    return out;
  }

  private files(value: unknown, container: string): unknown {
    const at = childPointer(container, 'files');
    const entries: Array<{ target: unknown; file: unknown; pointer: string }> = isRecord(value)
      ? Object.entries(value).map(([target, file]) => ({ target, file, pointer: childPointer(at, target) }))
      : Array.isArray(value)
        ? value.map((file, i) => ({
            target: isRecord(file) ? file.target : undefined,
            file,
            pointer: childPointer(at, i),
          }))
        : [];
    if (entries.length === 0 && !isRecord(value) && !Array.isArray(value)) return value;
    const resourceAt = childPointer('/spec' + container, 'files');
    return entries.map(({ target, file, pointer }, i) => {
      const item = childPointer(resourceAt, i);
      this.origins.set(item, pointer);
      if (!isRecord(file)) return file;
      const out: Data = {};
      if (target !== undefined) out.target = target;
      if (file.mode !== undefined) out.mode = file.mode;
      if (file.source !== undefined) {
        out.source = { uri: file.source };
        this.origins.set(childPointer(childPointer(item, 'source'), 'uri'), childPointer(pointer, 'source'));
        // Score reads a source beside score.yaml; the resource's source is a URI the platform fetches.
        if (typeof file.source === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(file.source)) {
          this.leftOut(
            childPointer(pointer, 'source'),
            `"${file.source}" is a path beside score.yaml, but the Workload resource's source.uri is read by the platform as a URI, which cannot reach your files: inline the text as content, or give a URL.`,
          );
        }
      }
      if (file.content !== undefined) out.content = file.content;
      if (file.binaryContent !== undefined) out.binaryContent = file.binaryContent;
      if (file.noExpand !== undefined) {
        this.leftOut(
          childPointer(pointer, 'noExpand'),
          'The Workload resource has no noExpand: the orchestrator takes the file content as written (it expands placeholders only in variables).',
          'key',
        );
      }
      this.othersLeftOut(
        file,
        pointer,
        ['target', 'mode', 'source', 'content', 'binaryContent', 'noExpand'],
        'File field',
      );
      return out;
    });
  }

  private probe(value: unknown, pointer: string): unknown {
    if (!isRecord(value)) return value;
    const out: Data = {};
    if (isRecord(value.httpGet)) {
      const given = value.httpGet;
      const at = childPointer(pointer, 'httpGet');
      const httpGet: Data = {};
      if (given.path !== undefined) httpGet.path = given.path;
      if (given.port !== undefined) httpGet.port = given.port;
      for (const key of ['scheme', 'host'] as const) {
        if (given[key] !== undefined) {
          this.leftOut(
            childPointer(at, key),
            `The Workload resource's HTTP probe has no ${key}; it is left out (the probe uses the container's address over HTTP).`,
            'key',
          );
        }
      }
      if (Array.isArray(given.httpHeaders)) httpGet.headers = this.headers(given.httpHeaders, at, pointer);
      out.httpGet = httpGet;
    } else if (value.httpGet !== undefined) out.httpGet = value.httpGet;
    if (value.exec !== undefined) out.exec = value.exec;
    return out;
  }

  /** Score's `httpHeaders: [{name, value}]` → the CRD's `headers: {name: value}`. */
  private headers(list: unknown[], httpGet: string, probe: string): Data {
    const headers: Data = {};
    const resourceAt = childPointer(childPointer('/spec' + probe, 'httpGet'), 'headers');
    this.origins.set(resourceAt, childPointer(httpGet, 'httpHeaders'));
    list.forEach((header, i) => {
      if (!isRecord(header) || typeof header.name !== 'string') return;
      const at = childPointer(childPointer(httpGet, 'httpHeaders'), i);
      if (Object.prototype.hasOwnProperty.call(headers, header.name)) {
        this.leftOut(
          at,
          `Header "${header.name}" is given twice; the Workload resource's headers are a map, which keeps only the last.`,
        );
      }
      define(headers, header.name, header.value);
      this.origins.set(childPointer(resourceAt, header.name), at);
    });
    return headers;
  }

  private service(value: unknown): unknown {
    if (!isRecord(value)) return value;
    const out: Data = {};
    if (isRecord(value.ports)) {
      out.ports = Object.entries(value.ports).map(([name, port], i) => {
        const pointer = childPointer('/service/ports', name);
        this.origins.set(childPointer('/spec/service/ports', i), pointer);
        this.note(
          pointer,
          `Port "${name}" keeps its number but not its name: the Workload resource's ports are a list without names.`,
          'key',
        );
        if (!isRecord(port)) return port;
        const item: Data = {};
        for (const key of ['port', 'targetPort', 'protocol'] as const)
          if (port[key] !== undefined) item[key] = port[key];
        this.othersLeftOut(port, pointer, ['port', 'targetPort', 'protocol'], 'Port field');
        return item;
      });
    } else if (value.ports !== undefined) out.ports = value.ports;
    this.othersLeftOut(value, '/service', ['ports'], 'Service field');
    return out;
  }

  private resources(value: unknown): unknown {
    if (!isRecord(value)) return value;
    const out: Data = {};
    for (const [name, given] of Object.entries(value)) {
      const pointer = childPointer('/resources', name);
      if (!isRecord(given)) {
        define(out, name, given);
        continue;
      }
      const resource: Data = {};
      for (const key of ['type', 'class', 'params'] as const) if (given[key] !== undefined) resource[key] = given[key];
      if (given.id !== undefined) {
        this.leftOut(
          childPointer(pointer, 'id'),
          `The Workload resource has no resource id: "${name}" is claimed for this workload alone, not shared as id "${String(given.id)}" would share it.`,
          'key',
        );
      }
      if (given.metadata !== undefined) {
        this.leftOut(
          childPointer(pointer, 'metadata'),
          `The Workload resource's resources have no metadata; that of "${name}" is left out.`,
          'key',
        );
      }
      this.othersLeftOut(given, pointer, ['type', 'class', 'params', 'id', 'metadata'], 'Resource field');
      define(out, name, resource);
    }
    return out;
  }

  /** A warning for each field of `given` the Workload resource has no place for (the known ones are handled apart). */
  private othersLeftOut(given: Data, pointer: string, known: readonly string[], what: string): void {
    for (const key of Object.keys(given)) {
      if (known.includes(key)) continue;
      this.leftOut(
        childPointer(pointer, key),
        `${what} "${key}" is not part of a Workload resource; it is left out.`,
        'key',
      );
    }
  }

  private leftOut(pointer: string, message: string, part: RangePart = 'value'): void {
    this.notes.push({ severity: 'warning', code: 'NOT_IN_WORKLOAD_RESOURCE', message, pointer, part });
  }

  private note(pointer: string, message: string, part: RangePart = 'value'): void {
    this.notes.push({ severity: 'info', code: 'NOT_IN_WORKLOAD_RESOURCE', message, pointer, part });
  }
}

/** Sets a key even when it is `__proto__` (a workload's names are the user's, whatever they are). */
function define(target: Data, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
