import {
  decodeWorkloads,
  sortGoStrings,
  toWorkload,
  upgradeWorkload,
  validateSchema,
  type ParsedDocument,
  type ScoreWorkload,
  type WorkloadSource,
} from './common/borrowed';
import { error, general, place, type K8sDiagnostic, type PlacedSource } from './common/diagnostics';
import { planStartOrder, type StartOrderMode, type StartOrderPlan } from './common/start-order';

/**
 * The first half of `score-k8s generate`: read the Score files (in file name order), check each
 * against the Score schema, apply --image, and (with the start order `init-containers`) check the
 * `before` entries. Every problem is reported at its place; a workload with an error is not converted.
 */
export interface PreparedWorkload {
  workload: ScoreWorkload;
  /** The spec after score-go's upgrade (list-form files and volumes as maps): what patch templates see. */
  spec: Record<string, unknown>;
  source: PlacedSource;
  startOrder: StartOrderPlan;
}

export interface PrepareOptions {
  image?: string;
  startOrder: StartOrderMode;
}

export function prepareWorkloads(
  inputs: readonly WorkloadSource[],
  options: PrepareOptions,
): { workloads: PreparedWorkload[]; diagnostics: K8sDiagnostic[] } {
  const diagnostics: K8sDiagnostic[] = [];
  const done = (workloads: PreparedWorkload[] = []) => ({ workloads, diagnostics });
  if (options.image !== undefined && inputs.length !== 1) {
    diagnostics.push(
      general(
        'cannot use --override-property, --overrides-file, or --image when 0 or more than 1 score files are provided',
      ),
    );
    return done();
  }
  const decoded = decodeWorkloads(inputs);
  if ('error' in decoded) {
    diagnostics.push(general(decoded.error));
    return done();
  }
  if (decoded.workloads.length === 0) {
    diagnostics.push(general('Project is empty, please add a score file'));
    return done();
  }

  const workloads: PreparedWorkload[] = [];
  for (const loaded of decoded.workloads) {
    const parsed: ParsedDocument = loaded.parsed;
    const source: PlacedSource = { file: loaded.file, parsed };
    const schemaErrors = validateSchema(parsed).filter((d) => d.severity === 'error');
    for (const d of schemaErrors) {
      diagnostics.push({
        severity: 'error',
        code: 'K8S_EXPORT_ERROR',
        message: `invalid score file: ${loaded.file}: ${d.path === '' ? '(root)' : d.path}: ${d.message}`,
        file: loaded.file,
        path: d.path,
        range: d.range,
      });
    }
    if (schemaErrors.length > 0) continue;

    const spec = upgradeWorkload(loaded.spec);
    const workload = toWorkload(spec, loaded.file);
    const startOrder = planStartOrder(workload, options.startOrder);
    let refused = false;
    for (const problem of startOrder.problems) {
      const wrapped =
        problem.severity === 'error'
          ? { ...problem, message: `invalid score file: ${loaded.file}: ${problem.message}` }
          : problem;
      diagnostics.push(place(wrapped, source));
      refused ||= problem.severity === 'error';
    }
    for (const name of sortGoStrings(Object.keys(workload.containers))) {
      const container = workload.containers[name]!;
      if (container.image !== '.') continue;
      if (options.image !== undefined) container.image = options.image;
      else {
        diagnostics.push(
          place(
            error(
              ['containers', name, 'image'],
              `failed to convert '${loaded.file}' because container '${name}' has no image and --image was not provided`,
            ),
            source,
          ),
        );
        refused = true;
      }
    }
    if (!refused) workloads.push({ workload, spec, source, startOrder });
  }
  return done(workloads);
}
