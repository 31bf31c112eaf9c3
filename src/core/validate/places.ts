import type { Mounts, Scalar, Workload } from '../workload/types';
import { numberText } from '../workload/values';

/**
 * Where a value sits, said in the user's words ("Memory limit of container "web"", not
 * "/containers/web/resources/limits/memory"): the subject of every schema diagnostic (messages.ts).
 */

/** A place in the workload, named for people. */
export interface Place {
  /** What the value is, capitalised to start a sentence: 'Memory limit', 'Container "web"'. */
  noun: string;
  /** What it belongs to, to follow the noun: 'of container "web"'; '' at the top. */
  owner: string;
  /** What kind of thing sits here; for objects it is the schema's definition name ('#' is the workload). */
  kind: string;
}

/** The place as a sentence subject: 'Memory limit of container "web"'. */
export function subject(place: Place): string {
  return place.owner ? `${place.noun} ${place.owner}` : place.noun;
}

/** The subject with the offending value after the noun: 'Memory limit "1GB" of container "web"'. */
export function subjectWithValue(place: Place, value: unknown): string {
  return [place.noun, showValue(value), place.owner].filter(Boolean).join(' ');
}

/** Names the place a pointer's segments lead to. `workload` tells the items of a list-form mount apart. */
export function placeOf(path: readonly string[], workload: Workload): Place {
  const [section, name] = path;
  if (path.length === 0) return { noun: 'The workload', owner: '', kind: '#' };
  switch (section) {
    case 'apiVersion':
      return path.length === 1 ? { noun: 'apiVersion', owner: '', kind: 'apiVersion' } : fallback(path);
    case 'metadata':
      if (path.length === 1) return { noun: 'The workload metadata', owner: '', kind: 'workloadMetadata' };
      if (name === 'name' && path.length === 2) return { noun: 'Workload name', owner: '', kind: 'name' };
      if (name === 'annotations') return annotationsPlace(path.slice(2), 'of the workload');
      return { noun: `Metadata field "${name}"`, owner: 'of the workload', kind: 'metadataField' };
    case 'service':
      return servicePlace(path.slice(1));
    case 'containers':
      if (path.length === 1) return { noun: 'Containers', owner: '', kind: 'containers' };
      return containerPlace(name!, path.slice(2), workload);
    case 'resources':
      if (path.length === 1) return { noun: 'Resources', owner: '', kind: 'resources' };
      return resourcePlace(name!, path.slice(2));
  }
  return fallback(path);
}

/** What the keys of a mapping name, for INVALID_NAME: 'Container name', 'Annotation key', … */
export function keyNounOf(mapPlace: Place): { noun: string; owner: string } {
  switch (mapPlace.kind) {
    case 'containers':
      return { noun: 'Container name', owner: '' };
    case 'resources':
      return { noun: 'Resource name', owner: '' };
    case 'ports':
      return { noun: 'Service port name', owner: '' };
    case 'before':
      return { noun: 'Container name', owner: `in the start order ${mapPlace.owner}` };
    case 'annotations':
      return { noun: 'Annotation key', owner: mapPlace.owner };
    case 'variables':
      return { noun: 'Variable name', owner: mapPlace.owner };
  }
  return { noun: 'Key', owner: `in ${lowerFirst(subject(mapPlace))}` };
}

function servicePlace(rest: readonly string[]): Place {
  const [ports, port, field] = rest;
  if (rest.length === 0) return { noun: 'The service section', owner: '', kind: 'service' };
  if (ports !== 'ports') return fallback(['service', ...rest]);
  if (rest.length === 1) return { noun: 'Service ports', owner: '', kind: 'ports' };
  if (rest.length === 2) return { noun: `Service port "${port}"`, owner: '', kind: 'servicePort' };
  const owner = `of service port "${port}"`;
  if (rest.length === 3 && field) return { noun: fieldNoun(field), owner, kind: field };
  return fallback(['service', ...rest]);
}

function containerPlace(container: string, rest: readonly string[], workload: Workload): Place {
  const of = `of container "${container}"`;
  const [field, key, sub] = rest;
  if (rest.length === 0) return { noun: `Container "${container}"`, owner: '', kind: 'container' };
  switch (field) {
    case 'command':
    case 'args': {
      const list = field === 'command' ? 'Command' : 'Arguments';
      if (rest.length === 1) return { noun: list, owner: of, kind: field };
      const item = field === 'command' ? 'Command item' : 'Argument';
      return { noun: `${item} ${ordinal(key!)}`, owner: of, kind: 'listItem' };
    }
    case 'variables':
      if (rest.length === 1) return { noun: 'Variables', owner: of, kind: 'variables' };
      return { noun: `Variable "${key}"`, owner: of, kind: 'variable' };
    case 'files':
    case 'volumes': {
      const isFile = field === 'files';
      if (rest.length === 1) return { noun: isFile ? 'Files' : 'Volumes', owner: of, kind: field };
      const entry = entryName(isFile ? 'File' : 'Volume', key!, workload.containers.get(container)?.[field]);
      if (rest.length === 2) return { noun: entry, owner: of, kind: isFile ? 'file' : 'volume' };
      if (rest.length === 3)
        return { noun: fieldNoun(sub!), owner: `of ${lowerFirst(entry)} in container "${container}"`, kind: sub! };
      return fallback(['containers', container, ...rest]);
    }
    case 'before':
      if (rest.length === 1) return { noun: 'Start order', owner: of, kind: 'before' };
      if (rest.length === 2) return { noun: `Start-order entry "${key}"`, owner: of, kind: 'startOrder' };
      if (rest.length === 3 && sub === 'ready') {
        return { noun: 'Ready condition', owner: `of start-order entry "${key}" ${of}`, kind: 'ready' };
      }
      return fallback(['containers', container, ...rest]);
    case 'resources':
      if (rest.length === 1) return { noun: 'CPU and memory settings', owner: of, kind: 'containerResources' };
      if (key === 'limits' || key === 'requests') {
        const side = key === 'limits' ? 'limit' : 'request';
        if (rest.length === 2)
          return { noun: key === 'limits' ? 'Limits' : 'Requests', owner: of, kind: 'computeAmounts' };
        if (sub === 'memory' && rest.length === 3) return { noun: `Memory ${side}`, owner: of, kind: 'memory' };
        if (sub === 'cpu' && rest.length === 3) return { noun: `CPU ${side}`, owner: of, kind: 'cpu' };
      }
      return fallback(['containers', container, ...rest]);
    case 'livenessProbe':
    case 'readinessProbe':
      return probePlace(field === 'livenessProbe' ? 'liveness probe' : 'readiness probe', of, rest.slice(1));
  }
  if (rest.length === 1) return { noun: fieldNoun(field!), owner: of, kind: field! };
  return fallback(['containers', container, ...rest]);
}

function probePlace(probe: string, of: string, rest: readonly string[]): Place {
  const [check, field, index, headerField] = rest;
  if (rest.length === 0) return { noun: upperFirst(probe), owner: of, kind: 'probe' };
  if (check === 'httpGet') {
    const owner = `of the ${probe}'s HTTP check in ${of.slice(3)}`;
    if (rest.length === 1) return { noun: 'HTTP check', owner: `of the ${probe} ${of}`, kind: 'httpCheck' };
    if (rest.length === 2) return { noun: fieldNoun(field!), owner, kind: field! };
    if (field === 'httpHeaders' && rest.length === 3)
      return { noun: `Header ${ordinal(index!)}`, owner, kind: 'httpHeader' };
    if (field === 'httpHeaders' && rest.length === 4) {
      return {
        noun: fieldNoun(headerField!),
        owner: `of header ${ordinal(index!)} ${owner}`,
        kind: `header.${headerField}`,
      };
    }
  }
  if (check === 'exec') {
    if (rest.length === 1) return { noun: 'Command check', owner: `of the ${probe} ${of}`, kind: 'commandCheck' };
    const owner = `of the ${probe}'s command check in ${of.slice(3)}`;
    if (rest.length === 2) return { noun: fieldNoun(field!), owner, kind: field! };
    if (rest.length === 3) return { noun: `Command item ${ordinal(index!)}`, owner, kind: 'listItem' };
  }
  if (rest.length === 1) return { noun: fieldNoun(check!), owner: `of the ${probe} ${of}`, kind: check! };
  return { noun: 'Value', owner: `at ${rest.join('.')} of the ${probe} ${of}`, kind: 'unknown' };
}

function resourcePlace(resource: string, rest: readonly string[]): Place {
  const of = `of resource "${resource}"`;
  const [field, key] = rest;
  if (rest.length === 0) return { noun: `Resource "${resource}"`, owner: '', kind: 'resource' };
  if (rest.length === 1)
    return { noun: fieldNoun(field!), owner: of, kind: field === 'metadata' ? 'resourceMetadata' : field! };
  if (field === 'metadata' && key === 'annotations') return annotationsPlace(rest.slice(2), of);
  if (field === 'metadata') return { noun: `Metadata field "${key}"`, owner: of, kind: 'metadataField' };
  if (field === 'params') return { noun: `Parameter "${rest.slice(1).join('.')}"`, owner: of, kind: 'param' };
  return fallback(['resources', resource, ...rest]);
}

function annotationsPlace(rest: readonly string[], owner: string): Place {
  if (rest.length === 0) return { noun: 'Annotations', owner, kind: 'annotations' };
  return { noun: `Annotation "${rest[0]}"`, owner, kind: 'annotation' };
}

function fallback(path: readonly string[]): Place {
  return { noun: `Field "${path[path.length - 1]}"`, owner: `at ${path.join('.')}`, kind: 'unknown' };
}

/** 'File "/etc/app.conf"' in the map form; in the deprecated list form the item's target, else its position. */
function entryName(
  kind: 'File' | 'Volume',
  key: string,
  mounts: Mounts<{ target: Scalar | undefined }> | undefined,
): string {
  if (mounts?.form === 'list') {
    const target = /^(0|[1-9]\d*)$/.test(key) ? mounts.entries[Number(key)]?.target : undefined;
    return typeof target === 'string' && target ? `${kind} "${target}"` : `${kind} ${ordinal(key)}`;
  }
  return `${kind} "${key}"`;
}

const FIELD_NOUNS: Record<string, string> = {
  port: 'Port',
  targetPort: 'Target port',
  protocol: 'Protocol',
  image: 'Image',
  mode: 'Mode',
  source: 'Source',
  content: 'Content',
  binaryContent: 'Binary content',
  noExpand: 'noExpand',
  readOnly: 'readOnly',
  target: 'Target',
  path: 'Path',
  host: 'Host',
  scheme: 'Scheme',
  httpHeaders: 'Headers',
  name: 'Name',
  value: 'Value',
  command: 'Command',
  type: 'Type',
  class: 'Class',
  id: 'Id',
  metadata: 'Metadata',
  params: 'Parameters',
};

function fieldNoun(field: string): string {
  return FIELD_NOUNS[field] ?? `Field "${field}"`;
}

/** List positions as people count them: segment '0' is item 1. */
function ordinal(segment: string): string {
  return /^\d+$/.test(segment) ? String(Number(segment) + 1) : `"${segment}"`;
}

// Small words
export function showValue(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 60 ? value.slice(0, 60) + '…' : value}"`;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  return '';
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // Keep field names such as "apiVersion" and quoted names as they are; only plain words drop the capital.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
