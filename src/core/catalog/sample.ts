import { createRandom } from '../provisioners/random';
import type { Provisioner, ProvisionInput, ProvisionResult, WorkloadService } from '../provisioners/types';
import { resourceUid, uidParts } from '../provisioners/uid';
import { isRecord } from '../workload/values';
import type { CatalogService, CatalogValue } from './types';

/**
 * What a provisioner gives, learnt by running it once on a sample resource: the example value of
 * each output and the compose services and volumes it adds. This way the catalog states no fact
 * twice: the provisioner (built-in or from a file) is the only source. Random parts of names are
 * found by running it with two seeds and keeping what stays the same.
 */
export const SAMPLE_WORKLOAD = 'my-workload';
const SAMPLE_PROJECT = 'my-project';
/** Two runs tell the random parts of names from the fixed ones (random parts are widened to whole words). */
const SEEDS = [1, 2];

/** Workloads the sample can point at: its own (port "web") and "backend" (port "http"), as service-port and route need. */
const SAMPLE_SERVICES: Record<string, WorkloadService> = {
  [SAMPLE_WORKLOAD]: {
    ServiceName: SAMPLE_WORKLOAD,
    Ports: {
      web: { Name: 'web', Port: 80, TargetPort: 8080, Protocol: 'TCP' },
      '80': { Name: 'web', Port: 80, TargetPort: 8080, Protocol: 'TCP' },
    },
  },
  backend: {
    ServiceName: 'backend',
    Ports: {
      http: { Name: 'http', Port: 8080, TargetPort: 8080, Protocol: 'TCP' },
      '8080': { Name: 'http', Port: 8080, TargetPort: 8080, Protocol: 'TCP' },
    },
  },
};

/**
 * Param values that work with the sample workloads above, for the params score-compose's default
 * types take. They are the examples the catalog shows and the values "Add to workload" fills in.
 */
const PARAM_EXAMPLES: Record<string, Record<string, CatalogValue>> = {
  'service-port': { workload: 'backend', port: 'http' },
  route: { host: 'my-workload.localhost', path: '/', port: 'web' },
};

export function paramExample(type: string, param: string): CatalogValue | undefined {
  const examples = PARAM_EXAMPLES[type];
  return examples && Object.prototype.hasOwnProperty.call(examples, param) ? examples[param] : undefined;
}

export interface SampleRun {
  outputs: Record<string, unknown>;
  services: CatalogService[];
  volumes: string[];
}

/**
 * Whether an error a sample run threw says that its templates went over the template budget
 * (template/exec/budget.ts): unlike a run that fails for want of params, this says the provisioner is
 * too costly to run here at all, and the file holding it is refused (load.ts). A mark on the error, not
 * a class: this module is on the page's first download, with the built-in catalog.
 */
export const isOverBudget = (error: unknown): error is Error =>
  (error as { overBudget?: true } | null)?.overBudget === true;

/**
 * The sample run of a provisioner; undefined when it fails (it may need params we cannot guess).
 * Throws an error isOverBudget knows when its templates go over the template budget.
 */
export function sampleRun(
  provisioner: Provisioner,
  resourceName: string,
  params: Record<string, unknown>,
): SampleRun | undefined {
  const results: ProvisionResult[] = [];
  for (const seed of SEEDS) {
    const result = provisionOnce(provisioner, resourceName, params, seed);
    if (!result) return undefined;
    results.push(result);
  }
  const [first] = results as [ProvisionResult, ...ProvisionResult[]];
  const serviceNames = namePatterns(results.map((r) => Object.keys(r.services)));
  const services = Object.entries(first.services).map(([name, spec], i): CatalogService => {
    const image = isRecord(spec) && typeof spec.image === 'string' ? spec.image : undefined;
    return { name: serviceNames[i] ?? name, ...(image !== undefined ? { image } : {}) };
  });
  return { outputs: first.outputs, services, volumes: namePatterns(results.map((r) => Object.keys(r.volumes))) };
}

function provisionOnce(
  provisioner: Provisioner,
  resourceName: string,
  params: Record<string, unknown>,
  seed: number,
): ProvisionResult | undefined {
  const uid = resourceUid(SAMPLE_WORKLOAD, resourceName, provisioner.type, provisioner.class, provisioner.id);
  const parts = uidParts(uid);
  const input: ProvisionInput = {
    uid,
    type: parts.type,
    class: parts.class,
    id: parts.id,
    params,
    metadata: {},
    state: {},
    shared: {},
    sourceWorkload: SAMPLE_WORKLOAD,
    workloadServices: SAMPLE_SERVICES,
    composeProjectName: SAMPLE_PROJECT,
    mountsDirectory: '.score-compose/mounts',
  };
  let outcome: ReturnType<Provisioner['provision']>;
  try {
    outcome = provisioner.provision(input, { random: createRandom(seed), env: {} });
  } catch {
    // A provisioner file may hold anything; a failed sample only means no examples.
    return undefined;
  }
  if ('result' in outcome) return outcome.result;
  if (outcome.overBudget) throw Object.assign(new Error(outcome.error), { overBudget: true });
  return undefined;
}

/**
 * The names of one run, with the parts that differ between runs replaced by `<random>`. The
 * replaced part is widened to whole alphanumeric runs, so `pg-Ab12cd-init` becomes `pg-<random>-init`.
 */
export function namePatterns(runs: string[][]): string[] {
  const [first, ...others] = runs;
  if (!first) return [];
  if (others.some((names) => names.length !== first.length)) return first;
  return first.map((name, i) => {
    const variants = others.map((names) => names[i]!);
    if (variants.every((v) => v === name)) return name;
    let prefix = Math.min(...variants.map((v) => commonPrefix(name, v)));
    let suffix = Math.min(...variants.map((v) => commonSuffix(name, v, prefix)));
    while (prefix > 0 && isAlnum(name[prefix - 1]!)) prefix--;
    while (suffix > 0 && isAlnum(name[name.length - suffix]!)) suffix--;
    return `${name.slice(0, prefix)}<random>${name.slice(name.length - suffix)}`;
  });
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The common suffix length, not overlapping the first `taken` characters of either. */
function commonSuffix(a: string, b: string, taken: number): number {
  let n = 0;
  while (n < a.length - taken && n < b.length - taken && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function isAlnum(c: string): boolean {
  return /^[A-Za-z0-9]$/.test(c);
}
