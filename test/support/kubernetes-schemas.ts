import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';

/**
 * Checks a manifest against the Kubernetes API schemas (and Gateway API's for HTTPRoute), with the
 * kubernetes-models packages: their validators (types, formats, enums, required fields), and, since
 * the API's schemas allow unknown fields where the API server refuses them, a strict check that
 * every field is one the schema names (read from the packages' type declarations). `status` is
 * left out: the cluster writes it, and the API server ignores what a manifest says there (score-k8s
 * itself writes `status: {}` on a StatefulSet its golden 02 makes, where the schema wants replicas).
 */
type Model = { validate(): void };
const MODELS: Record<string, { top: string; create: (data: never) => Model }> = {
  'v1/ConfigMap': { top: 'IIoK8sApiCoreV1ConfigMap', create: (d) => new ConfigMap(d) },
  'v1/Namespace': { top: 'IIoK8sApiCoreV1Namespace', create: (d) => new Namespace(d) },
  'v1/Secret': { top: 'IIoK8sApiCoreV1Secret', create: (d) => new Secret(d) },
  'v1/Service': { top: 'IIoK8sApiCoreV1Service', create: (d) => new Service(d) },
  'apps/v1/Deployment': { top: 'IIoK8sApiAppsV1Deployment', create: (d) => new Deployment(d) },
  'apps/v1/StatefulSet': { top: 'IIoK8sApiAppsV1StatefulSet', create: (d) => new StatefulSet(d) },
  'batch/v1/Job': { top: 'IIoK8sApiBatchV1Job', create: (d) => new Job(d) },
  'gateway.networking.k8s.io/v1/HTTPRoute': {
    top: 'IIoK8sSigsGatewayApiApisV1HTTPRoute',
    create: (d) => new HTTPRoute(d),
  },
};

/** The problems with a manifest: [] when it is valid. */
export function kubernetesProblems(manifest: Record<string, unknown>): string[] {
  const key = `${String(manifest.apiVersion)}/${String(manifest.kind)}`;
  const model = MODELS[key];
  if (!model) return [`no schema here for ${key}`];
  const problems: string[] = [];
  const { status: _status, ...spec } = manifest;
  try {
    model.create(structuredClone(spec) as never).validate();
  } catch (e) {
    problems.push(e instanceof Error ? e.message : String(e));
  }
  unknownFields(spec, { kind: 'object', name: model.top }, '', problems);
  return problems;
}

// --- the strict check: field names from the packages' declarations ---

type Shape =
  { kind: 'leaf' } | { kind: 'object'; name: string } | { kind: 'list'; of: Shape } | { kind: 'map'; of: Shape };

function unknownFields(value: unknown, shape: Shape, at: string, problems: string[]): void {
  if (value === null || value === undefined || shape.kind === 'leaf') return;
  if (shape.kind === 'list') {
    if (Array.isArray(value)) value.forEach((v, i) => unknownFields(v, shape.of, `${at}/${i}`, problems));
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return;
  if (shape.kind === 'map') {
    for (const [k, v] of Object.entries(value)) unknownFields(v, shape.of, `${at}/${k}`, problems);
    return;
  }
  const properties = fieldsOf(shape.name);
  if (!properties) return; // a type alias (Quantity, IntOrString…): a value, not an object
  for (const [k, v] of Object.entries(value)) {
    const type = properties.get(k);
    if (type === undefined) problems.push(`${at}/${k}: not a field of ${shape.name}`);
    else unknownFields(v, parseType(type), `${at}/${k}`, problems);
  }
}

function parseType(text: string): Shape {
  const t = text.trim();
  const list = /^Array<(.+)>$/s.exec(t);
  if (list) return { kind: 'list', of: parseType(list[1]!) };
  const map = /^\{\s*\[key: string\]:\s*(.+?);?\s*\}$/s.exec(t);
  if (map) return { kind: 'map', of: parseType(map[1]!) };
  if (/^I[A-Za-z0-9]+$/.test(t)) return { kind: 'object', name: t };
  return { kind: 'leaf' };
}

interface Declared {
  fields: Map<string, string>;
  /** The interfaces it extends (by global alias). */
  bases: string[];
}

let index: Map<string, Declared> | undefined;

/** An interface's fields, its bases' included. */
function fieldsOf(name: string): Map<string, string> | undefined {
  const declared = declarations().get(name);
  if (!declared) return undefined;
  const all = new Map<string, string>();
  for (const base of declared.bases) for (const [k, v] of fieldsOf(base) ?? []) all.set(k, v);
  for (const [k, v] of declared.fields) all.set(k, v);
  return all;
}

/** Every declared interface, by its global alias (IIoK8s…). */
function declarations(): Map<string, Declared> {
  if (index) return index;
  index = new Map();
  const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules');
  for (const root of ['kubernetes-models', '@kubernetes-models/apimachinery', '@kubernetes-models/gateway-api']) {
    for (const file of walk(path.join(modules, root))) readDeclarations(readFileSync(file, 'utf8'), index);
  }
  return index;
}

function readDeclarations(text: string, into: Map<string, Declared>): void {
  const interfaces = new Map<string, Declared>();
  for (const m of text.matchAll(/^export interface (\w+)(?: extends ([^{\n]*))? ?\{\n([\s\S]*?)^\}/gm)) {
    const body = m[3]!.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/^[ \t]*\n/gm, '');
    const fields = new Map<string, string>();
    for (const p of body.matchAll(/^ {4}"([^"]+)"\??: ([\s\S]*?);\n(?= {4}"|$)/gm)) fields.set(p[1]!, p[2]!);
    const bases = (m[2] ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter((b) => b.startsWith('IIoK8s'));
    interfaces.set(m[1]!, { fields, bases });
  }
  for (const m of text.matchAll(/^export type \{ (\w+) as (\w+)/gm)) {
    const fields = interfaces.get(m[1]!);
    if (fields) into.set(m[2]!, fields);
  }
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}
