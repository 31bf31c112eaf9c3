import type { ResourceProvisionInput, SeededRandom, WorkloadService } from '../common/borrowed';
import type { Manifest } from '../common/write';

/**
 * A score-k8s provisioner: given a resource (its uid, params, previous state) and the project around
 * it, it gives the resource's outputs and the Kubernetes manifests that back it. Matching is as in
 * score-k8s: type equal, class and id equal when the provisioner sets them; first match wins.
 */
export interface K8sProvisioner {
  /** template://… or cmd://… */
  uri: string;
  type: string;
  class?: string;
  id?: string;
  description: string;
  /** `supported_params`, as the file lists them. */
  params: string[];
  /** `expected_outputs`, as the file lists them. */
  outputs: string[];
  /** Why this export cannot run the provisioner (cmd:// runs a program); undefined when it can. */
  cannotRun?: string;
  provision(input: K8sProvisionInput, random: SeededRandom): K8sProvisionOutcome;
}

/** What a provisioner's templates see (score-k8s's provisioners.Input). */
export interface K8sProvisionInput extends ResourceProvisionInput {
  /** A uuid made the first time the resource is seen (seeded here). */
  guid: string;
  workloadMetadata: Record<string, unknown>;
  /** How each workload is reached: its Service's name and its ports by name and by number. */
  workloadServices: Record<string, WorkloadService>;
  /** `--namespace`, or ''. */
  namespace: string;
}

export interface K8sProvisionResult {
  state: Record<string, unknown>;
  outputs: Record<string, unknown>;
  /** A JSON merge patch for the state shared by every resource. */
  shared: Record<string, unknown>;
  manifests: Manifest[];
}

export type K8sProvisionOutcome = { result: K8sProvisionResult } | { error: string };
