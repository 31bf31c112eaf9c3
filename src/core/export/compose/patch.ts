import { seedFromString, SeededRandom, sprigFunctions } from '../../template';
import { isRecord } from '../../workload/values';
import { jsonData } from '../patching/json-data';
import { runPatchTemplate } from '../patching/patch-template';
import type { Json } from '../patching/sjson';
import { isServiceField, networkShape, serviceShape, volumeShape, type ShapeContext } from './compose-shapes';
import type { SourceText } from './options';

/**
 * score-compose's patch templates (`score-compose init --patch-templates FILE`), applied to the whole
 * project after every workload is converted and before `--publish`, in order: each is a Go template
 * over `.Compose` (the project as compose.yaml holds it) and `.Workloads` (each workload's spec, by
 * name) that writes operations on the project (patching/patch-template.ts). The patched project is read
 * back as compose-go reads it into its types: fields it does not know are refused, values take their
 * field's type, so it prints as score-compose prints it.
 */
export interface ComposeProject {
  name: string | undefined;
  services: Map<string, Map<string, unknown>>;
  networks: Map<string, unknown>;
  volumes: Map<string, unknown>;
}

const PROJECT_FIELDS = new Set(['name', 'services', 'networks', 'volumes']);

export function applyPatchTemplates(
  project: ComposeProject,
  templates: readonly SourceText[],
  workloads: Record<string, unknown>,
  seed: number,
  ctx: ShapeContext,
): { project: ComposeProject } | { error: string } {
  let current = project;
  for (const [i, template] of templates.entries()) {
    const random = new SeededRandom(seedFromString(`${seed >>> 0}\u0000patch-template\u0000${i + 1}`));
    const root = plainProject(current);
    const outcome = runPatchTemplate(template.text, {
      data: { Compose: plainProject(current), Workloads: workloads },
      root,
      functions: sprigFunctions(random),
    });
    if ('error' in outcome) return { error: `failed to patch template ${i + 1}: ${outcome.error}` };
    if (!outcome.patched) continue;
    const read = readProject(outcome.root, ctx);
    if ('error' in read)
      return { error: `failed to patch template ${i + 1}: failed to unmarshal patched output: ${read.error}` };
    current = read.project;
  }
  return { project: current };
}

/** The project as JSON-like data, as score-compose gives it to a template (yaml.v3 round trip of the Project). */
function plainProject(project: ComposeProject): Json {
  const out: Record<string, Json> = Object.create(null) as Record<string, Json>;
  if (project.name) out.name = project.name;
  out.services = jsonData(project.services);
  if (project.networks.size > 0) out.networks = jsonData(project.networks);
  if (project.volumes.size > 0) out.volumes = jsonData(project.volumes);
  return out;
}

/** The patched JSON read back into the project's shapes, refusing what compose-go's JSON decoder refuses. */
function readProject(root: Json, ctx: ShapeContext): { project: ComposeProject } | { error: string } {
  if (!isRecord(root)) return { error: `json: cannot unmarshal ${jsonKind(root)} into Go value of type types.Project` };
  for (const key of Object.keys(root)) if (!PROJECT_FIELDS.has(key)) return { error: `json: unknown field "${key}"` };
  const name = root.name;
  if (name !== undefined && name !== null && typeof name !== 'string') {
    return { error: `json: cannot unmarshal ${jsonKind(name)} into Go struct field Project.name of type string` };
  }
  const sections = { services: root.services, networks: root.networks, volumes: root.volumes };
  for (const [section, value] of Object.entries(sections)) {
    if (value !== undefined && value !== null && !isRecord(value)) {
      return { error: `json: cannot unmarshal ${jsonKind(value)} into Go struct field Project.${section}` };
    }
  }
  const services = new Map<string, Map<string, unknown>>();
  for (const [service, raw] of Object.entries((sections.services ?? {}) as Record<string, Json>)) {
    if (isRecord(raw)) {
      const unknown = Object.keys(raw).find((k) => !isServiceField(k) && !k.startsWith('x-'));
      if (unknown !== undefined) return { error: `json: unknown field "${unknown}"` };
    } else if (raw !== null) {
      return { error: `json: cannot unmarshal ${jsonKind(raw)} into Go value of type types.ServiceConfig` };
    }
    services.set(service, (serviceShape(raw, `services.${service}`, ctx) as Map<string, unknown>) ?? new Map());
  }
  const networks = shapedSection(sections.networks, networkShape, 'networks', ctx);
  if ('error' in networks) return networks;
  const volumes = shapedSection(sections.volumes, volumeShape, 'volumes', ctx);
  if ('error' in volumes) return volumes;
  return {
    project: {
      name: typeof name === 'string' && name !== '' ? name : undefined,
      services,
      networks: networks.map,
      volumes: volumes.map,
    },
  };
}

/** Top-level networks or volumes, each read as compose-go reads its config (null is an empty one). */
function shapedSection(
  value: Json | undefined,
  shape: typeof volumeShape,
  section: 'networks' | 'volumes',
  ctx: ShapeContext,
): { map: Map<string, unknown> } | { error: string } {
  const map = new Map<string, unknown>();
  for (const [name, raw] of Object.entries((value ?? {}) as Record<string, Json>)) {
    if (raw !== null && !isRecord(raw)) {
      const type = section === 'networks' ? 'types.NetworkConfig' : 'types.VolumeConfig';
      return { error: `json: cannot unmarshal ${jsonKind(raw)} into Go value of type ${type}` };
    }
    map.set(name, shape(raw, `${section}.${name}`, ctx));
  }
  return { map };
}

function jsonKind(value: Json): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value;
}
