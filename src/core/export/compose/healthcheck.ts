import type { ScoreProbe } from './workload';

/**
 * Probes become a compose healthcheck: the readiness probe if there is one, else the liveness probe.
 * Only `exec` converts (test: [CMD, …], 5s timeout and interval); `httpGet` alone gives no
 * healthcheck and a warning. Quirk kept from score-compose: an httpGet readiness probe hides an exec
 * liveness probe.
 */
export type HealthcheckOutcome = { healthcheck?: Map<string, unknown>; warnings: string[] } | { error: string };

export function convertProbes(
  container: string,
  readiness: ScoreProbe | undefined,
  liveness: ScoreProbe | undefined,
): HealthcheckOutcome {
  const field = readiness ? 'readinessProbe' : liveness ? 'livenessProbe' : undefined;
  const probe = readiness ?? liveness;
  if (!probe || !field) return { warnings: [] };
  const where = `containers.${container}.${field}`;
  if (probe.exec) {
    if (probe.exec.command.length === 0) return { error: `${where}: exec command is empty` };
    const healthcheck = new Map<string, unknown>([
      ['test', ['CMD', ...probe.exec.command]],
      ['timeout', '5s'],
      ['interval', '5s'],
    ]);
    return { healthcheck, warnings: [] };
  }
  if (probe.httpGet !== undefined) {
    const warnings = [`${where}: httpGet container probe: not supported - ignoring`];
    if (readiness && liveness?.exec) {
      warnings.push(
        `containers.${container}.livenessProbe: not used either, because a readinessProbe is set (score-compose only looks at the readiness probe then)`,
      );
    }
    return { warnings };
  }
  return { error: `${where}: exec or httpGet must be specified` };
}
