import { defaultProvisioners } from '../../provisioners/builtin';
import { environmentProvisioner } from '../../provisioners/environment';
import { createRandom } from '../../provisioners/random';
import { runnableProvisioners } from '../../provisioners/builtin/runnable';
import type { Provisioner, ProvisionerInfo } from '../../provisioners/types';
import type { ShapeContext } from './compose-shapes';
import { compareStrings as compareGoStrings, sortStrings as sortGoStrings } from '../../go/sort';
import type { WorkloadSource } from './load';
import type { ExportedFile } from './mounts';
import { placeComposeError, type ErrorPlace, type KnownWorkload } from './error-place';
import type { ComposeFlags } from './options';
import { applyPatchTemplates, type ComposeProject } from './patch';
import { prepareWorkloads } from './prepare';
import {
  collectFiles,
  exportedResources,
  waitForResources,
  warnUnpublishedPorts,
  writeProject,
  type ExportedResource,
} from './project';
import { provisionResources, resourceLookups } from './provision';
import { applyPublish } from './publish';
import { convertWorkload } from './services';
import { buildResolver } from './substitution';
import { WAIT_SERVICE, waitService } from './wait-service';

export type { ExportedFile } from './mounts';
export type { WorkloadSource } from './load';
export type { ExportedResource } from './project';
export type { ComposeFlags, SourceText } from './options';
export type { ErrorPlace } from './error-place';

/** score-compose's `--env-file` text: one `NAME=` line for each variable the project reads. */
export function envFileText(result: Pick<ComposeExport, 'environmentVariables'>): string {
  return result.environmentVariables.map((name) => `${name}=\n`).join('');
}

/**
 * Score workloads → a Docker Compose project, as `score-compose generate` (0.45) writes it: the same
 * services, volumes, mounted files and errors, byte for byte where score-compose is deterministic.
 * Random names and passwords come from `seed`, so the same input and seed give the same project.
 */
export interface ComposeExportOptions extends ComposeFlags {
  /** The compose project name (score-compose takes the directory name). Left out of the file when unset. */
  projectName?: string;
  /** Seed for random resource names and passwords. Default 0. */
  seed?: number;
  /**
   * Provisioners in match order (first match wins), as a catalog lists them (built-ins may come without
   * their code: they are given theirs). Default: score-compose's default provisioners.
   */
  provisioners?: readonly ProvisionerInfo[];
  /** Environment variables known at export time, for `environment` resources in files and params. */
  env?: Record<string, string>;
  /** Reads a file that a workload's `files[].source` names (relative to the workload's file). */
  readFile?: (path: string) => Uint8Array | string | undefined;
  /** score-compose's mounts directory. Default `.score-compose/mounts`. */
  mountsDirectory?: string;
}

export interface ComposeExport {
  /** compose.yaml; empty when there are errors. */
  compose: string;
  /** Files the compose project mounts, at the paths score-compose writes them to. */
  files: ExportedFile[];
  /** Directories provisioners asked for (they hold mounted files). */
  directories: string[];
  /** What was not converted or was changed on the way, as score-compose warns about it. */
  warnings: string[];
  /** Notes from provisioners, such as how to connect to a database. */
  info: string[];
  /** Every provisioned resource, by uid (what `score-compose resources list` shows). Outputs may hold secrets. */
  resources: ExportedResource[];
  /** The state provisioners share (where shared instances such as one postgres server are recorded). */
  sharedState: Record<string, unknown>;
  /**
   * The environment variables the project reads through `environment` resources, sorted: what
   * score-compose's `--env-file` lists (as `NAME=` lines; see `envFileText`).
   */
  environmentVariables: string[];
  errors: string[];
  /** Where the error stands (the workload, or the file, and the field), when there is one. */
  errorPlace?: ErrorPlace;
}

const DEFAULT_MOUNTS = '.score-compose/mounts';

/**
 * One workload as score.yaml and the project's others as files of their own beside it (score.2.yaml,
 * …), as `score-compose generate` takes several: what the app exports, on the page or in a worker.
 * A peer may come with its reading (`parsed`), made once for the texts a worker is asked about again.
 * `names` names the files instead, in the same order (the library names each after its workload):
 * the export sorts them as score-compose sorts its arguments, and its messages name them.
 */
export function withPeerFiles(
  workload: Omit<WorkloadSource, 'file'>,
  peers: ReadonlyArray<string | Omit<WorkloadSource, 'file'>> = [],
  names: readonly string[] = [],
): WorkloadSource[] {
  const fileAt = (i: number) => names[i] ?? (i === 0 ? 'score.yaml' : `score.${i + 1}.yaml`);
  const peerFiles = peers.map((peer, i) => ({
    ...(typeof peer === 'string' ? { text: peer } : peer),
    file: fileAt(i + 1),
  }));
  return [{ ...workload, file: fileAt(0) }, ...peerFiles];
}

export function exportCompose(workloads: readonly WorkloadSource[], options: ComposeExportOptions = {}): ComposeExport {
  try {
    return runExport(workloads, options);
  } catch (error) {
    // Public core functions never throw; an internal fault is reported like any other error.
    return failed(`internal error while exporting: ${error instanceof Error ? error.message : String(error)}`, []);
  }
}

function failed(error: string, warnings: string[], known: readonly KnownWorkload[] = []): ComposeExport {
  return {
    compose: '',
    files: [],
    directories: [],
    warnings,
    info: [],
    resources: [],
    sharedState: {},
    environmentVariables: [],
    errors: [error],
    errorPlace: placeComposeError(error, known),
  };
}

function runExport(inputs: readonly WorkloadSource[], options: ComposeExportOptions): ComposeExport {
  const ctx: ShapeContext = { warnings: [] };
  let known: KnownWorkload[] = [];
  const fail = (error: string) => failed(error, ctx.warnings, known);
  const mountsDirectory = options.mountsDirectory ?? DEFAULT_MOUNTS;
  const env = options.env ?? {};

  const prepared = prepareWorkloads(inputs, options, ctx);
  known = prepared.known;
  if ('error' in prepared) return fail(prepared.error);
  const { workloads, builds } = prepared;

  // As score-compose: the environment provisioner is added when no loaded provisioner takes that type.
  const provisioners = options.provisioners ? runnableProvisioners(options.provisioners) : defaultProvisioners();
  if (!provisioners.some((p) => p.type === 'environment')) provisioners.push(environmentProvisioner);
  const environment = trackEnvironment(provisioners);
  const provisioned = provisionResources({
    workloads,
    provisioners,
    context: { random: createRandom(options.seed ?? 0), env },
    composeProjectName: options.projectName ?? '',
    mountsDirectory,
    ctx,
  });
  if ('error' in provisioned) return fail(provisioned.error);
  const project = provisioned.project;

  // wait-for-resources waits for what the provisioners added, before the workloads join in.
  const wait = waitService(project.services);
  const services = new Map(project.services);
  const outputsOf = (uid: string) => project.resources.get(uid)?.outputs;
  const files: ExportedFile[] = [];
  for (const workload of [...workloads].sort((a, b) => compareGoStrings(a.name, b.name))) {
    const converted = convertWorkload({
      workload,
      resolver: buildResolver(workload.metadata, resourceLookups(workload, project.resources)),
      env,
      outputsOf,
      builds: builds.get(workload.name) ?? new Map(),
      mountsDirectory,
      readFile: options.readFile,
      ctx,
    });
    if ('error' in converted) {
      return fail(`failed to convert workload '${workload.name}' to Docker compose: ${converted.error}`);
    }
    for (const [name, service] of converted.converted.services) {
      if (services.has(name)) {
        return fail(`failed to add converted workload '${workload.name}': duplicate service name '${name}'`);
      }
      if (wait) waitForResources(service);
      services.set(name, service);
    }
    files.push(...converted.converted.files);
  }
  if (wait) services.set(WAIT_SERVICE, wait);

  let composed: ComposeProject = {
    name: options.projectName,
    services,
    networks: project.networks,
    volumes: project.volumes,
  };
  if (options.patchTemplates?.length) {
    const patched = applyPatchTemplates(composed, options.patchTemplates, prepared.specs, options.seed ?? 0, ctx);
    if ('error' in patched) return fail(patched.error);
    composed = patched.project;
  }

  const publish = options.publish ?? [];
  const published = applyPublish(publish, composed.services, new Set(workloads.map((w) => w.name)), project.resources);
  if (published) return fail(published.error);
  warnUnpublishedPorts(workloads, publish, ctx);

  return {
    compose: writeProject(composed),
    files: collectFiles(files, project),
    directories: [...project.directories].filter(([, keep]) => keep).map(([path]) => path),
    warnings: ctx.warnings,
    info: project.info,
    resources: exportedResources(project),
    sharedState: project.shared,
    environmentVariables: sortGoStrings(environment),
    errors: [],
  };
}

/**
 * The variables the built-in environment provisioner is asked for, as score-compose's records them for
 * `--env-file`: only when the first provisioner of type `environment` is that one (a template or
 * command provisioner of the type keeps no record there either). Wraps it in place in the list.
 */
function trackEnvironment(provisioners: Provisioner[]): Set<string> {
  const names = new Set<string>();
  const at = provisioners.findIndex((p) => p.type === 'environment');
  const found = provisioners[at];
  if (!found || found.provision !== environmentProvisioner.provision) return names;
  provisioners[at] = {
    ...found,
    provision(input, context) {
      const provided = found.provision(input, context);
      if (!('result' in provided) || !provided.result.lookup) return provided;
      const lookup = provided.result.lookup;
      return {
        ...provided,
        result: {
          ...provided.result,
          lookup: (keys) => {
            if (keys.length === 1) names.add(keys[0]!);
            return lookup(keys);
          },
        },
      };
    },
  };
  return names;
}
