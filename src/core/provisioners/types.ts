import type { BudgetLimit } from '../template/parse/errors';
import type { SeededRandom } from '../template/sprig/random';
import type { OutputLookup } from './lookup';

/**
 * A provisioner makes a resource real: given the resource (type, class, id, params, metadata) and the
 * project around it, it returns the resource's outputs and the compose objects that back it.
 * Matching follows score-compose: type equal, class equal if the provisioner sets one, id equal if it
 * sets one; the first match in load order wins.
 */
export interface ProvisionerParam {
  name: string;
  description: string;
  required?: boolean;
}

export interface ProvisionerOutput {
  name: string;
  description: string;
  /** A password or key: shown masked, never logged. */
  secret?: boolean;
}

export interface Provisioner {
  /** template://…, builtin://…, local-env://… or cmd://… */
  uri: string;
  type: string;
  class?: string;
  id?: string;
  description: string;
  params: ProvisionerParam[];
  outputs: ProvisionerOutput[];
  provision(input: ProvisionInput, context: ProvisionContext): ProvisionOutcome;
}

/**
 * A provisioner as a catalog lists it: what it says of itself, with or without the code that runs it.
 * The built-ins are listed without (their words are generated data, core/catalog/builtin-catalog.generated.ts): the
 * first view lists and checks against them without downloading their code, which comes with the
 * exporters that run them (runnableProvisioners, ./builtin/runnable.ts).
 */
export type ProvisionerInfo = Omit<Provisioner, 'provision'> & { provision?: Provisioner['provision'] };

/** A service port of a workload, as provisioners see it (score-compose buildWorkloadServices). */
export interface WorkloadServicePort {
  Name: string;
  Port: number;
  TargetPort: number;
  Protocol: string;
}

/** How another workload is reached: its hostname and its ports by name and by port number. */
export interface WorkloadService {
  ServiceName: string;
  Ports: Record<string, WorkloadServicePort>;
}

/** What score-compose and score-k8s both give a provisioner of the resource itself (their provisioners.Input). */
export interface ResourceProvisionInput {
  /** `type.class#workload.name`, or `type.class#id` for a shared resource. */
  uid: string;
  type: string;
  class: string;
  id: string;
  /** Params with their placeholders already substituted. */
  params: Record<string, unknown>;
  metadata: Record<string, unknown>;
  /** The resource's state from an earlier run; empty for a fresh export. */
  state: Record<string, unknown>;
  /** State shared by all resources (where shared instances such as one postgres server live). */
  shared: Record<string, unknown>;
  /** The workload that declared the resource (the one with params, when several do). */
  sourceWorkload: string;
}

export interface ProvisionInput extends ResourceProvisionInput {
  workloadServices: Record<string, WorkloadService>;
  composeProjectName: string;
  /** Relative to the project: `.score-compose/mounts`. */
  mountsDirectory: string;
}

/** Where random names and passwords come from: seeded, so that repeated exports are identical. */
export interface RandomSource {
  /** `n` characters of [A-Za-z0-9] (sprig randAlphaNum). */
  alphaNum(n: number): string;
  /** `n` characters of [A-Za-z] (sprig randAlpha). */
  alpha(n: number): string;
}

export interface ProvisionContext {
  /** One random stream for the whole export: template provisioners and built-ins draw from it in turn. */
  random: SeededRandom;
  /** Environment variables known at export time (the environment provisioner reads them). */
  env: Record<string, string>;
}

export interface ProvisionResult {
  outputs: Record<string, unknown>;
  /** Answers placeholders itself instead of `outputs` (the environment provisioner). */
  lookup?: OutputLookup;
  /** The resource's new state; it replaces the old one. */
  state: Record<string, unknown>;
  /** A JSON merge patch for the shared state (null deletes a key). */
  shared?: Record<string, unknown>;
  /** Compose objects, as a compose file would write them; each replaces one of the same name. */
  services: Record<string, unknown>;
  volumes: Record<string, unknown>;
  networks: Record<string, unknown>;
  /** Files to write, relative to the mounts directory; null deletes. */
  files: Record<string, string | null>;
  /** Directories to create (true) or delete (false), relative to the mounts directory. */
  directories: Record<string, boolean>;
  /** Notes for the user, such as how to connect (score-compose's info logs). */
  info: string[];
}

/**
 * `overBudget`: the provisioner's templates went over one of the template budget's limits
 * (template/exec/budget.ts) — not wrong as score-compose sees them, too costly to run here.
 */
export type ProvisionOutcome = { result: ProvisionResult } | { error: string; overBudget?: BudgetLimit };

/** A result with nothing in it, to fill in. */
export function emptyResult(): ProvisionResult {
  return {
    outputs: {},
    state: {},
    services: {},
    volumes: {},
    networks: {},
    files: {},
    directories: {},
    info: [],
  };
}
