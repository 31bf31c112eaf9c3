import { childPointer } from '../document/pointer';
import { isRecord, type Data } from '../workload/values';
import { matchLabelSelector, stringMap, type LabelSelector } from '../policy/label-selector';
import type { Backend, OrchestratorConfig } from './config-types';
import { compareSemVer, parseSemVer } from './semver';
import type { WorkloadResource } from './workload-resource';

/**
 * Which profile and backend the orchestrator would give a Workload, and why, as its selector
 * decides (the code, where it differs from its documentation):
 * 1. profile: the annotation `score.dev/profile` (a profile it does not know is an error); else a
 *    profile derived from the workload — with service ports the first whose name contains "web" or
 *    "service", without the first containing "batch" or "job"; else the first `defaults.selectors`
 *    entry matching the workload's labels; else `defaults.profile`;
 * 2. backends of that profile are kept when one of their selectors matches the labels (or they have
 *    none), the workload has every feature they require, and the sum of the containers' requests is
 *    within their resource ranges;
 * 3. the kept ones are ranked by priority, then version (semantic, newest first), then id.
 * Features are the `score.dev/requirements` annotation's plus those detected from the workload.
 * Requests are summed the orchestrator's way: it reads only whole numbers with m, Mi or Gi (or none),
 * so "0.5" or "1G" count as nothing, and "1" CPU counts as 1m. A workload without requests sums to 0,
 * which no range with a minimum accepts.
 */
export interface Selection {
  profile?: { name: string; why: string };
  backend?: Backend;
  /** Each backend of the chosen profile, whether it was kept, and why not. */
  backends: Array<{ backendId: string; kept: boolean; why: string[] }>;
  features: string[];
  /** The sums the resource ranges are checked against. */
  requests: { cpu: string; memory: string; storage: string };
  /** Why no backend could be chosen, and where in the Workload resource that points. */
  error?: { code: 'PROFILE_NOT_FOUND' | 'NO_BACKEND'; message: string; pointer: string };
}

export const PROFILE_ANNOTATION = 'score.dev/profile';
export const REQUIREMENTS_ANNOTATION = 'score.dev/requirements';
const SCALE_TO_ZERO_ANNOTATION = 'score.dev/scale-to-zero';

export function selectBackend(workload: WorkloadResource, config: OrchestratorConfig): Selection {
  const facts = factsOf(workload);
  const selection: Selection = { backends: [], features: [...facts.features].sort(), requests: facts.requests.text };
  const profile = selectProfile(facts, config);
  if ('error' in profile) return { ...selection, error: profile.error };
  selection.profile = profile;
  const chosen = config.profiles.find((p) => p.name === profile.name);
  if (!chosen) {
    return {
      ...selection,
      error: { code: 'NO_BACKEND', message: `Profile "${profile.name}" is not in the configuration.`, pointer: '' },
    };
  }
  for (const backend of chosen.backends) {
    const why = rejections(backend, facts);
    selection.backends.push({ backendId: backend.backendId, kept: why.length === 0, why });
  }
  const kept = chosen.backends.filter((_, i) => selection.backends[i]!.kept);
  if (kept.length === 0) {
    const reasons = selection.backends.map((b) => `${b.backendId}: ${b.why.join('; ')}`).join(' — ');
    return {
      ...selection,
      error: {
        code: 'NO_BACKEND',
        message: `Backend selection failed: no backend of profile "${profile.name}" suits the workload (${reasons}).`,
        pointer: '',
      },
    };
  }
  selection.backend = [...kept].sort(rankBackends)[0]!;
  return selection;
}

interface Facts {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  hasPorts: boolean;
  features: Set<string>;
  requests: { cpu: number; memory: number; storage: number; text: Selection['requests'] };
}

function factsOf(workload: WorkloadResource): Facts {
  const labels = stringMap(workload.metadata.labels) ?? {};
  const annotations = stringMap(workload.metadata.annotations) ?? {};
  const spec = workload.spec;
  const ports = isRecord(spec.service) && Array.isArray(spec.service.ports) ? spec.service.ports.filter(isRecord) : [];
  const containers = isRecord(spec.containers) ? Object.values(spec.containers).filter(isRecord) : [];
  const resources = isRecord(spec.resources) ? Object.values(spec.resources).filter(isRecord) : [];
  const features = new Set<string>();
  if (Object.prototype.hasOwnProperty.call(annotations, REQUIREMENTS_ANNOTATION)) {
    for (const feature of annotations[REQUIREMENTS_ANNOTATION]!.split(',')) features.add(feature.trim());
  }
  const portNumbers = ports.map((p) => p.port);
  if (ports.length > 0) features.add('http-ingress');
  if (portNumbers.some((p) => p === 443 || p === 8443)) features.add('https-ingress');
  const metricsVariable = containers.some(
    (c) =>
      isRecord(c.variables) &&
      Object.keys(c.variables).some((v) => /METRICS|MONITORING|PROMETHEUS/.test(v.toUpperCase())),
  );
  if (portNumbers.some((p) => p === 9090 || p === 9100 || p === 3000) || metricsVariable) features.add('monitoring');
  if (annotations[SCALE_TO_ZERO_ANNOTATION] === 'true') features.add('scale-to-zero');
  if (containers.some((c) => Array.isArray(c.files) && c.files.length > 0)) features.add('persistent-storage');
  if (resources.some((r) => typeof r.type === 'string' && /postgres|mysql|database|redis/.test(r.type.toLowerCase()))) {
    features.add('database-connectivity');
  }
  let cpu = 0;
  let memory = 0;
  let storage = 0;
  for (const container of containers) {
    const requests: Data =
      isRecord(container.resources) && isRecord(container.resources.requests) ? container.resources.requests : {};
    cpu += quantity(requests.cpu) ?? 0;
    memory += quantity(requests.memory) ?? 0;
    storage += quantity(requests['ephemeral-storage']) ?? 0;
  }
  return {
    labels,
    annotations,
    hasPorts: ports.length > 0,
    features,
    requests: { cpu, memory, storage, text: { cpu: `${cpu}m`, memory: String(memory), storage: String(storage) } },
  };
}

function selectProfile(
  facts: Facts,
  config: OrchestratorConfig,
): { name: string; why: string } | { error: Selection['error'] & object } {
  const names = config.profiles.map((p) => p.name);
  if (
    Object.prototype.hasOwnProperty.call(facts.annotations, PROFILE_ANNOTATION) &&
    facts.annotations[PROFILE_ANNOTATION] !== ''
  ) {
    const hint = facts.annotations[PROFILE_ANNOTATION]!;
    if (names.includes(hint)) return { name: hint, why: `the annotation ${PROFILE_ANNOTATION} asks for it` };
    return {
      error: {
        code: 'PROFILE_NOT_FOUND',
        message: `Profile selection failed: the annotation ${PROFILE_ANNOTATION} asks for profile "${hint}", which the configuration does not have (it has ${names.map((n) => `"${n}"`).join(', ')}).`,
        pointer: childPointer('/metadata/annotations', PROFILE_ANNOTATION),
      },
    };
  }
  const words = facts.hasPorts ? ['web', 'service'] : ['batch', 'job'];
  const derived = names.find((n) => words.some((w) => n.toLowerCase().includes(w)));
  if (derived !== undefined) {
    return {
      name: derived,
      why: `the workload ${facts.hasPorts ? 'has' : 'has no'} service ports, and it is the first profile whose name contains "${words[0]}" or "${words[1]}"`,
    };
  }
  const index = config.defaults.selectors.findIndex((s) => s.profile && matchLabelSelector(s, facts.labels).matches);
  if (index >= 0) {
    return {
      name: config.defaults.selectors[index]!.profile!,
      why: `defaults.selectors[${index}] matches the workload's labels`,
    };
  }
  if (config.defaults.profile !== '') return { name: config.defaults.profile, why: 'it is the default profile' };
  return {
    error: {
      code: 'NO_BACKEND',
      message: 'Profile selection failed: no profile matches and the configuration has no default profile.',
      pointer: '',
    },
  };
}

/** Why a backend is passed over (empty: it is kept). */
function rejections(backend: Backend, facts: Facts): string[] {
  const constraints = backend.constraints;
  if (!constraints) return [];
  const why: string[] = [];
  if (
    constraints.selectors.length > 0 &&
    !constraints.selectors.some((s: LabelSelector) => matchLabelSelector(s, facts.labels).matches)
  ) {
    why.push("none of its selectors matches the workload's labels");
  }
  const missing = constraints.features.filter((f) => !facts.features.has(f));
  if (missing.length > 0) {
    const has = facts.features.size > 0 ? [...facts.features].sort().join(', ') : 'none';
    why.push(`it requires ${missing.join(', ')}, which the workload does not have (its features: ${has})`);
  }
  const ranges = constraints.resources;
  if (ranges) {
    const sums = facts.requests;
    for (const [key, actual] of [
      ['cpu', sums.text.cpu],
      ['memory', sums.text.memory],
      ['storage', sums.text.storage],
    ] as const) {
      const range = ranges[key];
      if (range === undefined || range === '' || withinRange(actual, range)) continue;
      why.push(
        `the containers' ${key === 'storage' ? 'ephemeral-storage' : key} requests sum to ${actual}, outside its range ${range}`,
      );
    }
  }
  return why;
}

/** The orchestrator's range check: `q` compares the text exactly; `min-max`, `min-`, `-max` compare amounts. */
function withinRange(actual: string, range: string): boolean {
  const parts = range.split('-');
  if (parts.length === 1) return actual === range;
  if (parts.length !== 2) return false;
  const value = quantity(actual);
  if (value === undefined) return false;
  const [min, max] = parts as [string, string];
  if (min !== '') {
    const bound = quantity(min);
    if (bound === undefined || value < bound) return false;
  }
  if (max !== '') {
    const bound = quantity(max);
    if (bound === undefined || value > bound) return false;
  }
  return true;
}

/** The orchestrator's quantity reading: a whole number with m, Mi or Gi, or none; anything else is unreadable. */
export function quantity(value: unknown): number | undefined {
  if (value === undefined || value === '') return value === '' ? 0 : undefined;
  if (typeof value !== 'string') return undefined;
  const whole = (text: string) => (/^[+-]?\d+$/.test(text) ? Number(text) : undefined);
  if (value.endsWith('m')) return whole(value.slice(0, -1));
  if (value.endsWith('Mi')) return mul(whole(value.slice(0, -2)), 1024 ** 2);
  if (value.endsWith('Gi')) return mul(whole(value.slice(0, -2)), 1024 ** 3);
  return whole(value);
}

function mul(value: number | undefined, factor: number): number | undefined {
  return value === undefined ? undefined : value * factor;
}

function rankBackends(a: Backend, b: Backend): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  const va = parseSemVer(a.version);
  const vb = parseSemVer(b.version);
  if (va && vb) {
    const order = compareSemVer(vb, va);
    if (order !== 0) return order;
  } else if (va || vb) return va ? -1 : 1;
  return a.backendId < b.backendId ? -1 : a.backendId > b.backendId ? 1 : 0;
}
