import {
  renameInPlaceholders,
  renameResourceInPlaceholders,
  scanPlaceholderReferences,
} from '../../src/core/workload/placeholder-syntax';
import { isPair, isSeq, visit, type Document } from 'yaml';
import { escapeSegment, toPointer } from '../../src/core/document/pointer';
import { keyText } from '../../src/core/document/source-map';
import { isListPlace, schemaKeysAt } from '../../src/core/workload/schema-paths';

/**
 * A tiny model of every command on plain JS data, written independently of the text splicing, for
 * the fidelity property tests: what the workload's value must be after a command, and which nodes
 * of the ORIGINAL document the command may touch (every byte elsewhere must stay as it was).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export type ModelOutcome = { refuse: true } | { refuse: false; value: Json; touched: string[] };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const ptr = (segments: readonly (string | number)[]): string => segments.map((s) => '/' + escapeSegment(s)).join('');
const LABEL = /^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
const ANNOTATION =
  /^(([a-z0-9][a-z0-9-]{0,61}[a-z0-9])(\.[a-z0-9][a-z0-9-]{0,61}[a-z0-9])*\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,61}[A-Za-z0-9]$/;

/** Parents that stay (as `{}`) when emptied: the documented rule, restated. */
function kept(s: readonly string[]): boolean {
  if (s.length === 0) return true;
  if (s.length === 1) return s[0] === 'metadata' || s[0] === 'containers';
  if (s.length === 2) return s[0] === 'containers' || s[0] === 'resources';
  if (s.length === 3) return s[0] === 'service' && s[1] === 'ports';
  if (s.length === 4) return s[0] === 'containers' && (s[2] === 'files' || s[2] === 'volumes');
  return false;
}

function get(root: Json, segments: readonly string[]): Json | undefined {
  let node: Json | undefined = root;
  for (const s of segments) {
    if (Array.isArray(node)) node = /^\d+$/.test(s) ? node[Number(s)] : undefined;
    else if (isObj(node)) node = Object.prototype.hasOwnProperty.call(node, s) ? node[s] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

function size(v: Json | undefined): number {
  return Array.isArray(v) ? v.length : isObj(v) ? Object.keys(v).length : 0;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

class Model {
  touched: string[] = [];
  constructor(public root: Obj) {}

  /** Sets a value, creating missing parents as mappings; false when the way is blocked by a value. */
  set(segments: readonly string[], value: Json): boolean {
    let node: Json = this.root;
    for (let i = 0; i < segments.length; i++) {
      const s = segments[i]!;
      const last = i === segments.length - 1;
      if (Array.isArray(node)) {
        const index: number = s === '-' ? node.length : /^(0|[1-9]\d*)$/.test(s) ? Number(s) : -1;
        if (index < 0 || index > node.length) return false;
        if (index === node.length) {
          this.touched.push(ptr(segments.slice(0, i)));
          node.push(nestValue(segments, i + 1, value));
          return true;
        }
        if (last) {
          this.touched.push(ptr(segments));
          node[index] = value;
          return true;
        }
        const next: Json = node[index]!;
        if (next === null) {
          this.touched.push(ptr(segments.slice(0, i + 1)));
          node[index] = nestValue(segments, i + 1, value);
          return true;
        }
        node = next;
        continue;
      }
      if (!isObj(node)) return false;
      if (!Object.prototype.hasOwnProperty.call(node, s)) {
        this.touched.push(ptr(segments.slice(0, i)));
        placeKey(node, s, nestValue(segments, i + 1, value), schemaKeysAt(ptr(segments.slice(0, i))));
        return true;
      }
      if (last) {
        this.touched.push(ptr(segments));
        node[s] = value;
        return true;
      }
      const next: Json = node[s]!;
      if (next === null) {
        this.touched.push(ptr(segments.slice(0, i + 1)));
        node[s] = nestValue(segments, i + 1, value);
        return true;
      }
      if (typeof next !== 'object') return false;
      node = next;
    }
    return false;
  }

  /** Removes an entry and the parents it empties, up to a kept one (which becomes empty). */
  remove(segments: readonly string[]): void {
    if (get(this.root, segments) === undefined) return;
    let depth = segments.length;
    while (depth > 1 && size(get(this.root, segments.slice(0, depth - 1))) === 1 && !kept(segments.slice(0, depth - 1)))
      depth--;
    const target = segments.slice(0, depth);
    const parentSegments = target.slice(0, -1);
    const parent = get(this.root, parentSegments)!;
    this.touched.push(ptr(size(parent) === 1 ? parentSegments : target));
    const key = target[target.length - 1]!;
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else if (isObj(parent)) delete parent[key];
  }

  rename(segments: readonly string[], to: string): void {
    const parent = get(this.root, segments.slice(0, -1));
    const from = segments[segments.length - 1]!;
    if (!isObj(parent)) return;
    this.touched.push(ptr(segments));
    const entries = Object.entries(parent).map(([k, v]): [string, Json] => [k === from ? to : k, v]);
    for (const k of Object.keys(parent)) delete parent[k];
    for (const [k, v] of entries) parent[k] = v;
  }

  has(segments: readonly string[]): boolean {
    return get(this.root, segments) !== undefined;
  }

  keys(segments: readonly string[]): string[] {
    const v = get(this.root, segments);
    return isObj(v) ? Object.keys(v) : [];
  }
}

/**
 * Adds a key where the schema's order puts it: after the last key present that the order puts before
 * it; at the end when none is, or the key is not in the order.
 */
function placeKey(obj: Obj, key: string, value: Json, order: readonly string[]): void {
  const rank = order.indexOf(key);
  const keys = Object.keys(obj);
  let at = -1;
  keys.forEach((k, i) => {
    const r = order.indexOf(k);
    if (rank >= 0 && r >= 0 && r < rank) at = i;
  });
  if (at < 0 || at === keys.length - 1) {
    obj[key] = value;
    return;
  }
  const rest = keys.slice(at + 1).map((k) => [k, obj[k]!] as const);
  for (const [k] of rest) delete obj[k];
  // defineProperty: a key `__proto__` read from the text is an own entry, not the prototype.
  const put = (k: string, v: Json) =>
    Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  put(key, value);
  for (const [k, v] of rest) put(k, v);
}

/** The value made for `segments[from..]` where nothing is: lists for `-`, and for item 0 where the schema has only a list. */
function nestValue(segments: readonly string[], from: number, value: Json): Json {
  let out = value;
  for (let i = segments.length - 1; i >= from; i--) {
    const list = segments[i] === '-' || (segments[i] === '0' && isListPlace(ptr(segments.slice(0, i))));
    out = list ? [out] : { [segments[i]!]: out };
  }
  return out;
}

function mountAt(m: Model, c: string, field: 'files' | 'volumes', target: string): string[] | undefined {
  const list = get(m.root, ['containers', c, field]);
  if (Array.isArray(list)) {
    const i = list.findIndex((item) => isObj(item) && item.target === target);
    return i >= 0 ? ['containers', c, field, String(i)] : undefined;
  }
  return isObj(list) && Object.prototype.hasOwnProperty.call(list, target)
    ? ['containers', c, field, target]
    : undefined;
}

function reaches(m: Model, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    for (const next of m.keys(['containers', queue.shift()!, 'before'])) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** Strings in which placeholders are expanded, as [segments, value] (map and list forms alike). */
/** Every expandable string rewritten by `read`, each one changed marked as touched. */
function rewrite(m: Model, read: (text: string) => string): void {
  for (const [at, text] of expandable(m.root)) {
    const renamed = read(text);
    if (renamed === text) continue;
    const parent = get(m.root, at.slice(0, -1)) as Obj | Json[];
    const key = at[at.length - 1]!;
    if (Array.isArray(parent)) parent[Number(key)] = renamed;
    else parent[key] = renamed;
    m.touched.push(ptr(at));
  }
}

function expandable(root: Obj): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  const containers = isObj(root.containers) ? root.containers : {};
  for (const [c, spec] of Object.entries(containers)) {
    if (!isObj(spec)) continue;
    const base = ['containers', c];
    if (isObj(spec.variables))
      for (const [k, v] of Object.entries(spec.variables))
        if (typeof v === 'string') out.push([[...base, 'variables', k], v]);
    for (const field of ['files', 'volumes'] as const) {
      const mounts = spec[field];
      const entries: Array<[string, Json]> = Array.isArray(mounts)
        ? mounts.map((m, i) => [String(i), m])
        : isObj(mounts)
          ? Object.entries(mounts)
          : [];
      for (const [k, m] of entries) {
        if (!isObj(m)) continue;
        const key = field === 'files' ? 'content' : 'source';
        if (field === 'files' && m.noExpand === true) continue;
        if (typeof m[key] === 'string') out.push([[...base, field, k, key], m[key] as string]);
      }
    }
    for (const field of ['command', 'args'] as const) {
      const list = spec[field];
      if (Array.isArray(list))
        list.forEach((v, i) => typeof v === 'string' && out.push([[...base, field, String(i)], v]));
    }
  }
  const resources = isObj(root.resources) ? root.resources : {};
  for (const [r, spec] of Object.entries(resources)) {
    if (!isObj(spec) || spec.params === undefined) continue;
    const walk = (v: Json, at: string[]): void => {
      if (typeof v === 'string') out.push([at, v]);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, String(i)]));
      else if (isObj(v)) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    };
    walk(spec.params, ['resources', r, 'params']);
  }
  return out;
}

const probeKey = (kind: string): string => (kind === 'liveness' ? 'livenessProbe' : 'readinessProbe');
const annotationBase = (r: unknown): string[] =>
  typeof r === 'string' ? ['resources', r, 'metadata', 'annotations'] : ['metadata', 'annotations'];

/**
 * The lists of a document written as `!!pairs` (or `!!omap`): their items read as one-entry mappings,
 * yet the editor only moves or removes them (anything else is refused), so the model needs to know them.
 */
export function pairsLists(doc: Document.Parsed | null): string[] {
  const out: string[] = [];
  if (!doc) return out;
  visit(doc, {
    Seq(_, seq, path) {
      const pairs =
        seq.items.some(isPair) || seq.tag === 'tag:yaml.org,2002:pairs' || seq.tag === 'tag:yaml.org,2002:omap';
      if (!pairs) return;
      const segments: string[] = [];
      let holder: unknown = doc.contents;
      for (const step of [...path.slice(1), seq]) {
        if (isPair(step)) segments.push(keyText(step.key));
        else if (isSeq(holder) && step !== holder) segments.push(String(holder.items.indexOf(step as never)));
        holder = step;
      }
      out.push(toPointer(segments));
    },
  });
  return out;
}

/** Whether a command at `segments` edits the items of a pairs list one by one (refused but for moving and removing). */
function intoPairs(segments: readonly string[], pairs: readonly string[], allowItem: boolean): boolean {
  return pairs.some((list) => {
    const p = parsePointerSimple(list);
    if (segments.length <= p.length || !p.every((s, i) => segments[i] === s)) return false;
    return !allowItem || segments.length > p.length + 1 || !/^\d+$/.test(segments[p.length]!);
  });
}

/**
 * The expected outcome of a command on a workload's plain value; `pairs` are the pointers of the
 * document's `!!pairs` lists (see pairsLists).
 */
export function modelCommand(
  name: string,
  value: Json,
  a: Record<string, unknown>,
  pairs: readonly string[] = [],
): ModelOutcome {
  if (!isObj(value)) return { refuse: true };
  if (typeof a.pointer === 'string') {
    const at = parsePointerSimple(a.pointer);
    const allowItem = name === 'unsetField' || name === 'moveItem';
    if (intoPairs(at, pairs, allowItem)) return { refuse: true };
    if (name === 'renameField' && intoPairs(at.slice(0, -1), pairs, false)) return { refuse: true };
  }
  const m = new Model(clone(value));
  const ok = (): ModelOutcome => ({ refuse: false, value: m.root, touched: m.touched });
  const refuse: ModelOutcome = { refuse: true };
  const str = (k: string): string => a[k] as string;
  const c = str('container');
  switch (name) {
    case 'addContainer': {
      if (!LABEL.test(str('name')) || m.has(['containers', str('name')])) return refuse;
      return m.set(['containers', str('name')], { image: str('image'), ...((a.spec as Obj) ?? {}) }) ? ok() : refuse;
    }
    case 'pasteParts': {
      const parts = [
        ...Object.entries(isObj(a.containers) ? a.containers : {}).map(([n, v]) => ['containers', n, v] as const),
        ...Object.entries(isObj(a.resources) ? a.resources : {}).map(([n, v]) => ['resources', n, v] as const),
      ];
      if (parts.length === 0) return refuse;
      for (const [kind, n, spec] of parts) {
        if (!LABEL.test(n) || !isObj(spec) || m.has([kind, n])) return refuse;
        if (!m.set([kind, n], spec)) return refuse;
      }
      return ok();
    }
    case 'renameContainer': {
      const [from, to] = [str('from'), str('to')];
      if (!m.has(['containers', from]) || !LABEL.test(to)) return refuse;
      if (from === to) return ok();
      if (m.has(['containers', to])) return refuse;
      const referring = m.keys(['containers']).filter((x) => m.keys(['containers', x, 'before']).includes(from));
      if (referring.some((x) => m.keys(['containers', x, 'before']).includes(to))) return refuse;
      for (const x of referring) m.rename(['containers', x, 'before', from], to);
      m.rename(['containers', from], to);
      return ok();
    }
    case 'removeContainer': {
      const n = str('name');
      if (!m.has(['containers', n])) return refuse;
      const referring = m
        .keys(['containers'])
        .filter((x) => x !== n && m.keys(['containers', x, 'before']).includes(n));
      m.remove(['containers', n]);
      for (const x of referring) m.remove(['containers', x, 'before', n]);
      return ok();
    }
    case 'addResource': {
      if (!LABEL.test(str('name')) || m.has(['resources', str('name')])) return refuse;
      const spec: Obj = { type: str('type') };
      for (const k of ['class', 'id', 'params']) if (a[k] !== undefined) spec[k] = a[k] as Json;
      return m.set(['resources', str('name')], spec) ? ok() : refuse;
    }
    case 'renameResource': {
      const [from, to] = [str('from'), str('to')];
      if (!m.has(['resources', from]) || !LABEL.test(to)) return refuse;
      if (from === to) return ok();
      if (m.has(['resources', to])) return refuse;
      rewrite(m, (text) => renameResourceInPlaceholders(text, from, to));
      m.rename(['resources', from], to);
      return ok();
    }
    case 'removeResource':
      if (!m.has(['resources', str('name')])) return refuse;
      m.remove(['resources', str('name')]);
      return ok();
    case 'removeResourceReferences':
      removeReferences(m, str('resource'), a.pointers as string[] | undefined);
      return ok();
    case 'removeResourceWithReferences':
      if (!m.has(['resources', str('name')])) return refuse;
      m.remove(['resources', str('name')]);
      removeReferences(m, str('name'));
      return ok();
    case 'setField': {
      const segments = parsePointerSimple(str('pointer'));
      if (segments.length === 0) return refuse;
      const old = get(m.root, segments);
      if (old !== undefined && old !== null && same(old, a.value)) return ok();
      return m.set(segments, a.value as Json) ? ok() : refuse;
    }
    case 'unsetField':
      m.remove(parsePointerSimple(str('pointer')));
      return ok();
    case 'renameField': {
      const segments = parsePointerSimple(str('pointer'));
      const [from, to] = [segments[segments.length - 1], str('to')];
      const parent = segments.slice(0, -1);
      const holder = get(m.root, parent);
      if (from === undefined || to.trim() === '' || !isObj(holder) || !m.has(segments)) return refuse;
      if (parent.length === 1 && (parent[0] === 'containers' || parent[0] === 'resources')) return refuse;
      if (from === to) return ok();
      if (m.has([...parent, to])) return refuse;
      if (parent[0] === 'metadata') {
        const read = (text: string) => renameInPlaceholders(text, parent, from, to);
        const unreadable = to.includes('.') || to.includes('}') || to.includes('${');
        if (unreadable && expandable(m.root).some(([, text]) => read(text) !== text)) return refuse;
        rewrite(m, read);
      }
      m.rename(segments, to);
      return ok();
    }
    case 'moveItem': {
      const segments = parsePointerSimple(str('pointer'));
      const list = get(m.root, segments.slice(0, -1));
      const from = Number(segments[segments.length - 1]);
      const to = a.to as number;
      if (segments.length === 0 || !Array.isArray(list) || !/^(0|[1-9]\d*)$/.test(segments[segments.length - 1]!))
        return refuse;
      if (from >= list.length || !Number.isInteger(to) || to < 0 || to >= list.length) return refuse;
      if (from !== to) {
        m.touched.push(ptr(segments.slice(0, -1)));
        list.splice(to, 0, ...list.splice(from, 1));
      }
      return ok();
    }
    case 'setVariable':
      if (!m.has(['containers', c]) || str('name') === '' || str('name').includes('=')) return refuse;
      return setUnlessSame(m, ['containers', c, 'variables', str('name')], str('value')) ? ok() : refuse;
    case 'removeVariable':
      if (!m.has(['containers', c, 'variables', str('name')])) return refuse;
      m.remove(['containers', c, 'variables', str('name')]);
      return ok();
    case 'renameVariable': {
      const [from, to] = [str('from'), str('to')];
      if (!m.has(['containers', c, 'variables', from]) || to === '' || to.includes('=')) return refuse;
      if (from !== to && m.has(['containers', c, 'variables', to])) return refuse;
      if (from !== to) m.rename(['containers', c, 'variables', from], to);
      return ok();
    }
    case 'bindOutputToVariable': {
      if (!m.has(['containers', c]) || !m.has(['resources', str('resource')])) return refuse;
      const placeholder = '${resources.' + str('resource') + '.' + str('output').replace(/\./g, '\\.') + '}';
      return setUnlessSame(m, ['containers', c, 'variables', str('variable')], placeholder) ? ok() : refuse;
    }
    case 'mountResource':
      if (!m.has(['resources', str('resource')])) return refuse;
      return modelCommand('addVolume', m.root, {
        container: c,
        target: str('target'),
        source: '${resources.' + str('resource') + '}',
        readOnly: a.readOnly,
      });
    case 'addFile':
    case 'addVolume': {
      const field = name === 'addFile' ? 'files' : 'volumes';
      if (!m.has(['containers', c]) || mountAt(m, c, field, str('target'))) return refuse;
      const keys =
        field === 'files' ? ['mode', 'source', 'content', 'binaryContent', 'noExpand'] : ['source', 'path', 'readOnly'];
      const details: Obj = {};
      for (const k of keys) if (a[k] !== undefined) details[k] = a[k] as Json;
      const written = Array.isArray(get(m.root, ['containers', c, field]))
        ? m.set(['containers', c, field, '-'], { target: str('target'), ...details })
        : m.set(['containers', c, field, str('target')], details);
      return written ? ok() : refuse;
    }
    case 'removeFile':
    case 'removeVolume': {
      const at = mountAt(m, c, name === 'removeFile' ? 'files' : 'volumes', str('target'));
      if (!at) return refuse;
      m.remove(at);
      return ok();
    }
    case 'renameFile':
    case 'renameVolume': {
      const field = name === 'renameFile' ? 'files' : 'volumes';
      const at = mountAt(m, c, field, str('from'));
      if (!at || str('to') === '') return refuse;
      if (str('from') === str('to')) return ok();
      if (mountAt(m, c, field, str('to'))) return refuse;
      if (Array.isArray(get(m.root, ['containers', c, field]))) m.set([...at, 'target'], str('to'));
      else m.rename(at, str('to'));
      return ok();
    }
    case 'setServicePort': {
      if (!LABEL.test(str('name'))) return refuse;
      const at = ['service', 'ports', str('name')];
      const fields: Obj = { port: a.port as number };
      if (a.protocol !== undefined) fields.protocol = a.protocol as string;
      if (a.targetPort !== undefined) fields.targetPort = a.targetPort as number;
      const existing = get(m.root, at);
      if (isObj(existing) && size(existing) > 0) {
        return Object.entries(fields).every(([k, v]) => setUnlessSame(m, [...at, k], v)) ? ok() : refuse;
      }
      return setUnlessSame(m, at, fields) ? ok() : refuse;
    }
    case 'removeServicePort':
      if (!m.has(['service', 'ports', str('name')])) return refuse;
      m.remove(['service', 'ports', str('name')]);
      return ok();
    case 'renameServicePort': {
      const [from, to] = [str('from'), str('to')];
      if (!m.has(['service', 'ports', from]) || !LABEL.test(to)) return refuse;
      if (from !== to && m.has(['service', 'ports', to])) return refuse;
      if (from !== to) m.rename(['service', 'ports', from], to);
      return ok();
    }
    case 'setProbe':
      if (!m.has(['containers', c])) return refuse;
      return setUnlessSame(m, ['containers', c, probeKey(str('kind'))], a.probe as Json) ? ok() : refuse;
    case 'removeProbe':
      if (!m.has(['containers', c, probeKey(str('kind'))])) return refuse;
      m.remove(['containers', c, probeKey(str('kind'))]);
      return ok();
    case 'renameProbe': {
      const [from, to] = [probeKey(str('from')), probeKey(str('to'))];
      if (!m.has(['containers', c, from])) return refuse;
      if (from !== to && m.has(['containers', c, to])) return refuse;
      if (from !== to) m.rename(['containers', c, from], to);
      return ok();
    }
    case 'setAnnotation':
      if (a.resource !== undefined && !m.has(['resources', str('resource')])) return refuse;
      if (!m.has([...annotationBase(a.resource), str('key')]) && !ANNOTATION.test(str('key'))) return refuse;
      return setUnlessSame(m, [...annotationBase(a.resource), str('key')], str('value')) ? ok() : refuse;
    case 'removeAnnotation':
      if (!m.has([...annotationBase(a.resource), str('key')])) return refuse;
      m.remove([...annotationBase(a.resource), str('key')]);
      return ok();
    case 'renameAnnotation': {
      const base = annotationBase(a.resource);
      if (!m.has([...base, str('from')])) return refuse;
      if (str('from') === str('to')) return ok();
      if (m.has([...base, str('to')]) || !ANNOTATION.test(str('to'))) return refuse;
      m.rename([...base, str('from')], str('to'));
      return ok();
    }
    case 'setResourceParam':
      if (!m.has(['resources', str('resource')])) return refuse;
      return setUnlessSame(m, ['resources', str('resource'), 'params', str('name')], a.value as Json) ? ok() : refuse;
    case 'removeResourceParam':
      if (!m.has(['resources', str('resource'), 'params', str('name')])) return refuse;
      m.remove(['resources', str('resource'), 'params', str('name')]);
      return ok();
    case 'renameResourceParam': {
      const base = ['resources', str('resource'), 'params'];
      if (!m.has([...base, str('from')])) return refuse;
      if (str('from') !== str('to') && m.has([...base, str('to')])) return refuse;
      if (str('from') !== str('to')) m.rename([...base, str('from')], str('to'));
      return ok();
    }
    case 'setBefore': {
      const [t, ready] = [str('target'), str('ready')];
      if (!m.has(['containers', c]) || !m.has(['containers', t]) || c === t || reaches(m, t, c)) return refuse;
      return setUnlessSame(m, ['containers', c, 'before', t, 'ready'], ready) ? ok() : refuse;
    }
    case 'removeBefore':
      if (!m.has(['containers', c, 'before', str('target')])) return refuse;
      m.remove(['containers', c, 'before', str('target')]);
      return ok();
    case 'useMapForm': {
      const at = ['containers', c, str('field')];
      const list = get(m.root, at);
      if (!m.has(['containers', c]) || list === undefined || !['files', 'volumes'].includes(str('field')))
        return refuse;
      if (!Array.isArray(list)) return ok();
      const map: Obj = {};
      for (const item of list) {
        if (!isObj(item) || typeof item.target !== 'string' || item.target === '') return refuse;
        if (Object.prototype.hasOwnProperty.call(map, item.target)) return refuse;
        const rest = Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'target'));
        Object.defineProperty(map, item.target, { value: rest, enumerable: true, writable: true, configurable: true });
      }
      m.set(at, map);
      return ok();
    }
    case 'runSteps': {
      // Each step on the value the one before made; what later steps touch is placed in the original
      // document as the deepest part of its pointer that was there from the start.
      let now: Json = m.root;
      const touched: string[] = [];
      for (const [i, step] of (a.steps as Array<{ name: string; args: Record<string, unknown> }>).entries()) {
        if (step.name === 'runSteps') return refuse;
        const outcome = modelCommand(step.name, now, step.args, pairs);
        if (outcome.refuse) return refuse;
        const earlier = touched.length;
        for (const pointer of outcome.touched) {
          if (i === 0) touched.push(pointer);
          else touched.push(placeInOriginal(value, parsePointerSimple(pointer), touched.slice(0, earlier)));
        }
        now = outcome.value;
      }
      return { refuse: false, value: now, touched };
    }
    default:
      return refuse;
  }
}

/**
 * Removes what names a resource: the variables, volumes (whole) and resource params whose string
 * holds a placeholder `${resources.NAME…}` (only those at `pointers`, when given), as unsetField
 * would one by one: the deepest list items first, an entry inside another removed with it.
 */
function removeReferences(m: Model, resource: string, pointers?: readonly string[]): void {
  const targets: string[][] = [];
  for (const [at, text] of expandable(m.root)) {
    if (pointers && !pointers.includes(ptr(at))) continue;
    if (!scanPlaceholderReferences(text).parts.some((p) => p[0] === 'resources' && p[1] === resource)) continue;
    if (at[0] === 'resources' || at[2] === 'variables') targets.push(at);
    else if (at[2] === 'volumes') targets.push(at.slice(0, -1));
  }
  const inside = (p: string[], q: string[]) => q.length < p.length && q.every((s, i) => p[i] === s);
  const unique = targets.filter((p, i) => targets.findIndex((q) => ptr(q) === ptr(p)) === i);
  const outer = unique.filter((p) => !unique.some((q) => inside(p, q)));
  outer.sort((p, q) => -compareSegments(p, q));
  for (const segments of outer) m.remove(segments);
}

/** Segment by segment; list indices as numbers. */
function compareSegments(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const [x, y] = [a[i]!, b[i]!];
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** Sets unless the value is already there; false when the way is blocked by a plain value. */
function setUnlessSame(m: Model, segments: string[], value: Json): boolean {
  const old = get(m.root, segments);
  if (old !== undefined && old !== null && same(old, value)) return true;
  return m.set(segments, value);
}

/**
 * Where a later step's touched pointer stands in the original document: its longest leading part that
 * was there from the start, cut at a list (whose items shift as others come and go), or an earlier
 * step's touched pointer above it (that node may have been removed and made again). Sound for steps
 * that rename nothing.
 */
function placeInOriginal(root: Json, segments: readonly string[], earlier: readonly string[]): string {
  let n = 0;
  while (n < segments.length && get(root, segments.slice(0, n + 1)) !== undefined) {
    if (Array.isArray(get(root, segments.slice(0, n)))) break;
    n++;
  }
  const here = ptr(segments.slice(0, n));
  const above = earlier.filter((t) => here === t || here.startsWith(t + '/')).sort((x, y) => x.length - y.length);
  return above[0] ?? here;
}

function parsePointerSimple(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
