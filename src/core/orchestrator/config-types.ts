import type { LabelSelector } from '../policy/label-selector';

/** An OrchestratorConfig as the orchestrator decodes it (see config.ts for how it is read and checked). */
export interface OrchestratorConfig {
  name: string;
  version?: string;
  profiles: Profile[];
  provisioners: ConfigProvisioner[];
  defaults: { profile: string; selectors: DefaultSelector[] };
}

export interface Profile {
  name: string;
  description?: string;
  backends: Backend[];
}

export interface Backend {
  backendId: string;
  runtimeClass: string;
  template: { kind: string; ref: string; values?: unknown };
  priority: number;
  version: string;
  constraints?: Constraints;
}

export interface Constraints {
  selectors: LabelSelector[];
  features: string[];
  regions: string[];
  resources?: { cpu?: string; memory?: string; storage?: string };
}

export interface ConfigProvisioner {
  type: string;
  provisioner: string;
  classes: Array<{ name: string; description?: string; parameters?: unknown }>;
  defaults?: { class?: string; params?: unknown };
}

export interface DefaultSelector extends LabelSelector {
  profile?: string;
}
