import type { ShapeContext } from './compose-shapes';
import { convertFiles } from './files';
import { compareStrings as compareGoStrings, sortStrings as sortGoStrings } from '../../go/sort';
import { convertProbes } from './healthcheck';
import { mountToMap, type ExportedFile, type ServiceMount } from './mounts';
import { serviceName, startOrder } from './start-order';
import { deferred, escapeDollars, immediate, substituteString, type Resolver } from './substitution';
import { convertVolume } from './volumes';
import type { ScoreWorkload } from './workload';

/**
 * One compose service per container, named `<workload>-<container>` (score-compose ConvertSpec):
 * command → entrypoint, args → command (with `$` doubled), variables → environment, files and
 * volumes → mounts sorted by source, probe → healthcheck, `before` → depends_on.
 */
export interface ConvertInput {
  workload: ScoreWorkload;
  /** Resolves placeholders against the workload's metadata and its resources' outputs. */
  resolver: Resolver;
  env: Record<string, string>;
  outputsOf: (uid: string) => Record<string, unknown> | undefined;
  /** Build configs from the build option, by container. */
  builds: Map<string, Map<string, unknown>>;
  mountsDirectory: string;
  readFile?: (path: string) => Uint8Array | string | undefined;
  ctx: ShapeContext;
}

export interface ConvertedWorkload {
  services: Map<string, Map<string, unknown>>;
  files: ExportedFile[];
}

export function convertWorkload(input: ConvertInput): { converted: ConvertedWorkload } | { error: string } {
  const { workload, ctx } = input;
  const order = startOrder(workload);
  if ('error' in order) return order;
  const variableResolver = deferred(input.resolver);
  const fileResolver = immediate(input.resolver, input.env);
  const services = new Map<string, Map<string, unknown>>();
  const files: ExportedFile[] = [];

  for (const name of sortGoStrings(Object.keys(workload.containers))) {
    const container = workload.containers[name]!;
    const environment = new Map<string, unknown>();
    for (const key of sortGoStrings(Object.keys(container.variables))) {
      // Escapes ($$) are kept: compose unescapes them itself.
      const value = substituteString(container.variables[key]!, variableResolver, true);
      if ('error' in value) return { error: `containers.${name}.variables.${key}: ${value.error}` };
      environment.set(key, value.text);
    }

    const mounts: ServiceMount[] = [];
    for (const target of sortGoStrings(Object.keys(container.volumes))) {
      const converted = convertVolume({
        workload,
        target,
        volume: container.volumes[target]!,
        resolver: variableResolver,
        outputsOf: input.outputsOf,
        ctx,
      });
      if ('error' in converted) return { error: `containers.${name}.volumes[${target}]: ${converted.error}` };
      mounts.push(converted.mount);
    }
    if (Object.keys(container.files).length > 0) {
      const converted = convertFiles({
        workload: workload.name,
        workloadFile: workload.file,
        containerName: name,
        container,
        mountsDirectory: input.mountsDirectory,
        resolver: fileResolver,
        readFile: input.readFile,
      });
      if ('error' in converted) return converted;
      mounts.push(...converted.mounts);
      files.push(...converted.files);
      ctx.warnings.push(...converted.warnings.map((w) => `${workload.name}: ${w}`));
    }
    mounts.sort((a, b) => compareGoStrings(a.source, b.source));

    if (container.resources?.requests !== undefined) {
      ctx.warnings.push(`${workload.name}: containers.${name}.resources.requests: not supported - ignoring`);
    }
    if (container.resources?.limits !== undefined) {
      ctx.warnings.push(`${workload.name}: containers.${name}.resources.limits: not supported - ignoring`);
    }
    const probes = convertProbes(name, container.readinessProbe, container.livenessProbe);
    if ('error' in probes) return probes;
    ctx.warnings.push(...probes.warnings.map((w) => `${workload.name}: ${w}`));

    const service = new Map<string, unknown>();
    service.set('annotations', annotations(workload));
    const build = input.builds.get(name);
    if (build) service.set('build', build);
    else if (container.image !== '') service.set('image', container.image);
    if (container.command && container.command.length > 0)
      service.set('entrypoint', container.command.map(escapeDollars));
    if (container.args && container.args.length > 0) service.set('command', container.args.map(escapeDollars));
    if (environment.size > 0) service.set('environment', environment);
    if (mounts.length > 0) service.set('volumes', mounts.map(mountToMap));
    if (probes.healthcheck) service.set('healthcheck', probes.healthcheck);

    const svcName = serviceName(workload.name, name);
    if (name === order.order.primary) service.set('hostname', workload.name);
    else if (!order.order.initContainers.has(name) && order.order.primary !== undefined) {
      service.set('network_mode', `service:${serviceName(workload.name, order.order.primary)}`);
    }
    const deps = order.order.dependsOn.get(svcName);
    if (deps) service.set('depends_on', dependsOnMap(deps));
    services.set(svcName, service);
  }
  return { converted: { services, files } };
}

/** Workload annotations, plus compose.score.dev/workload-name (which wins over a user value). */
function annotations(workload: ScoreWorkload): Map<string, string> {
  const raw = workload.metadata.annotations;
  const values = new Map<string, string>();
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>))
      values.set(k, typeof v === 'string' ? v : String(v));
  }
  values.set('compose.score.dev/workload-name', workload.name);
  return values;
}

/** depends_on entries: condition and required (always true here). Keys are sorted when printed. */
export function dependsOnMap(deps: Map<string, string>): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  for (const [name, condition] of deps) {
    out.set(
      name,
      new Map<string, unknown>([
        ['condition', condition],
        ['required', true],
      ]),
    );
  }
  return out;
}
