import { Document } from 'yaml';
import { compareDiagnostics, type Diagnostic } from '../../diagnostics';
import { validateText } from '../../validate';
import { buildWorkloads, type ServiceMapping, type Value } from './build';
import { planImport, type Grouping } from './plan';
import { readCompose } from './read';
import { readService } from './service';

export type { ServiceMapping, VariableMapping } from './build';
export type { Grouping } from './plan';
export { MAX_COMPOSE_LENGTH, MAX_SERVICES } from './read';

/**
 * A Docker Compose file read as Score workloads: services become containers (image, entrypoint and
 * command as command and args, environment as variables, ports as service ports, named volumes as
 * `volume` resources, depends_on as start order, health checks as readiness probes, limits), and
 * well-known images (postgres, mysql, redis, mongo, rabbitmq) that other services use become
 * resources whose outputs those services' variables read. Everything not converted is a diagnostic
 * at its line. Exported again (score-compose, or our Compose export with `publish`), the workloads
 * give a Compose project with the same services, images, published ports, environment, volumes and
 * start order.
 */
export interface ComposeImportOptions {
  /** The Compose file's name, for the comment at the top of each workload. Default `compose.yaml`. */
  file?: string;
  /**
   * `start-order` (default): services that wait for one another (depends_on) become containers of one
   * workload, since Score orders start only inside a workload. `per-service`: one workload per service,
   * as score-compose maps them; start order between them is left out (said in a diagnostic).
   */
  grouping?: Grouping;
  /** Well-known images become resources (default true); false keeps every service a container. */
  resources?: boolean;
}

export interface ImportedWorkload {
  name: string;
  /** The workload as score.yaml text. */
  text: string;
}

export interface ComposeImport {
  workloads: ImportedWorkload[];
  /** What became of each Compose service. */
  services: ServiceMapping[];
  /** `--publish` entries (score-compose's syntax) that publish the ports the Compose file published. */
  publish: string[];
  /** The Compose project's name (`name:`), for score-compose's --project. */
  project?: string;
  /** Everything said about the Compose file, at its places, in document order. */
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
}

export function importCompose(text: string, options: ComposeImportOptions = {}): ComposeImport {
  const file = readCompose(text);
  const empty = { workloads: [], services: [], publish: [] };
  let built: { workloads: Array<{ name: string; value: Value }>; services: ServiceMapping[]; publish: string[] } =
    empty;
  try {
    if (file.services.length > 0) {
      const specs = file.services.map(([name, spec]) => readService(file, name, spec));
      const plan = planImport(specs, options.grouping ?? 'start-order', options.resources ?? true);
      built = buildWorkloads(plan, file.notes);
    }
  } catch (error) {
    // Public core functions never throw: an internal fault is reported like any other problem.
    file.notes.invalid(`The import failed unexpectedly: ${error instanceof Error ? error.message : String(error)}.`);
    built = empty;
  }
  const source = options.file ?? 'compose.yaml';
  const workloads = built.workloads.map(({ name, value }) => {
    const written = workloadText(value, source);
    const problems = validateText(written).diagnostics.filter((d) => d.severity === 'error');
    for (const p of problems) {
      file.notes.invalid(
        `The workload written for "${name}" does not validate (${p.code} at ${p.path}: ${p.message}); please report this.`,
      );
    }
    return { name, text: written };
  });
  const diagnostics = [...file.notes.list].sort(compareDiagnostics);
  return {
    workloads,
    services: built.services,
    publish: built.publish,
    ...(file.project !== undefined ? { project: file.project } : {}),
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}

/** The workload as YAML, block style, indented by two, with where it came from on top. */
function workloadText(value: Value, source: string): string {
  const doc = new Document(value);
  doc.commentBefore = ` Imported from ${source} by score-designer.`;
  return doc.toString({ indent: 2, lineWidth: 0, indentSeq: true });
}
