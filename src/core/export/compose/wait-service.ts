import { sortKeysV3 } from '../../go/yaml';

export const WAIT_SERVICE = 'wait-for-resources';

/**
 * score-compose's wait-for-resources: when provisioners added services, one more service waits for
 * all of them (healthy when they have a healthcheck, completed for init containers, else started),
 * and every workload service waits for it to complete.
 */
export function waitService(services: Map<string, Map<string, unknown>>): Map<string, unknown> | undefined {
  if (services.size === 0) return undefined;
  const dependsOn = new Map<string, unknown>();
  for (const name of sortKeysV3(services.keys())) {
    const service = services.get(name)!;
    const labels = service.get('labels');
    const isInit = labels instanceof Map && labels.get('dev.score.compose.labels.is-init-container') === 'true';
    const condition = service.has('healthcheck')
      ? 'service_healthy'
      : isInit
        ? 'service_completed_successfully'
        : 'service_started';
    dependsOn.set(
      name,
      new Map<string, unknown>([
        ['condition', condition],
        ['required', true],
      ]),
    );
  }
  return new Map<string, unknown>([
    ['command', ['echo']],
    ['depends_on', dependsOn],
    ['image', 'alpine'],
  ]);
}
