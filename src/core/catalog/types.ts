import type { ProvisionerInfo } from '../provisioners/types';

/**
 * The resource catalog: which resource types exist, what each needs (params) and gives (outputs),
 * and what it adds to a Compose project. One entry per provisioner, in match order: the first entry
 * whose type, class and id match a resource is the one that provisions it (as in score-compose).
 * Entries are plain data (JSON); the provisioners that run them sit beside them in `Catalog`.
 * The format is documented in README.md and described by schemas/catalog.schema.json.
 */

/** A value a param or output may hold, as YAML decodes it. */
export type CatalogValue = string | number | boolean | null;

export interface CatalogParam {
  name: string;
  description: string;
  required: boolean;
  /** A value that would work in a demo, when one is known. */
  example?: CatalogValue;
}

export interface CatalogOutput {
  name: string;
  /** What the output means, in words (empty when the provisioner file does not say). */
  description: string;
  /** A password, key or connection string with credentials: shown masked, never with an example. */
  secret: boolean;
  /** The value a sample export gave (never for a secret). */
  example?: CatalogValue;
}

/** A compose service the provisioner adds; `<random>` stands for the random part of its name. */
export interface CatalogService {
  name: string;
  image?: string;
}

/** How the provisioner runs here: our TypeScript built-in, a template, score-compose's environment, or a program. */
export type ProvisionerKind = 'built-in' | 'template' | 'environment' | 'cmd';

/** Where an entry came from: the built-in defaults, or a provisioners file the user loaded (from a URL or not). */
export type EntrySource = { kind: 'built-in' } | { kind: 'file'; file: string; url?: string };

export interface CatalogEntry {
  type: string;
  /** Absent: matches every class. */
  class?: string;
  /** Absent: matches every id. */
  id?: string;
  /** The provisioner's uri (template://…, cmd://…, local-env://…). */
  uri: string;
  kind: ProvisionerKind;
  description: string;
  /** False for cmd:// provisioners: they run a program, which a browser cannot. */
  runsInBrowser: boolean;
  /** Why it cannot run here, in words. */
  note?: string;
  params: CatalogParam[];
  /** True when the provisioner lists its params (built-ins, supported_params): others are flagged. */
  paramsDeclared: boolean;
  outputs: CatalogOutput[];
  /**
   * True when the provisioner lists its outputs (built-ins, expected_outputs): only then is an
   * unknown output a warning. Otherwise `outputs` holds what a sample export gave, as a hint.
   */
  outputsDeclared: boolean;
  /** Any output name is accepted (the environment resource reads any variable). */
  anyOutput: boolean;
  services: CatalogService[];
  /** Top-level compose volumes it adds, `<random>` standing for random parts. */
  volumes: string[];
  source: EntrySource;
}

/** A provisioners file the user loaded, as the catalog keeps it (to reload, list and remove). */
export interface CatalogFile {
  name: string;
  text: string;
  /** The address it was fetched from, when it came from `?catalog=`. */
  url?: string;
}

export interface CatalogFileSummary {
  name: string;
  url?: string;
  /** How many entries it added. */
  entries: number;
}

/** The active catalog: loaded files' entries (in file name order), then the built-in ones. */
export interface Catalog {
  entries: readonly CatalogEntry[];
  /**
   * `provisioners[i]` runs `entries[i]`: what the Compose export uses, in the same order. The built-ins
   * are listed without their code: runnableProvisioners (provisioners/builtin/runnable.ts) gives it.
   */
  provisioners: readonly ProvisionerInfo[];
  files: readonly CatalogFileSummary[];
}

/** The catalog as a document (downloaded as JSON or YAML); see schemas/catalog.schema.json. */
export interface CatalogDocument {
  apiVersion: 'score-designer.dev/v1';
  kind: 'ResourceCatalog';
  entries: CatalogEntry[];
}
