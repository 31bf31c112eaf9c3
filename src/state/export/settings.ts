/*
 * The export choices the app remembers beside the seeds (store.ts): the Kubernetes export's options,
 * as the command line has them (`--namespace`, `--image`, `--start-order`; '' for none), and the
 * target export readiness checks. Read back defensively from storage: a bad value is the default.
 * Part of the first download (the store is): kept small, the rest is in k8s.ts.
 */

/** Compose (score-compose) or Kubernetes (score-k8s). */
export type ExportTarget = 'compose' | 'kubernetes';

export interface K8sSettings {
  /** `--namespace`: '' for none. */
  namespace: string;
  /** `--image`: the image of containers whose image is `.`; '' for none. */
  image: string;
  /** `--start-order`: `before` ignored as score-k8s does, or as init containers and sidecars. */
  startOrder: 'ignore' | 'init-containers';
}

export function readK8sSettings(value: unknown): K8sSettings {
  const { namespace, image, startOrder } = (value ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    namespace: text(namespace),
    image: text(image),
    startOrder: startOrder === 'init-containers' ? startOrder : 'ignore',
  };
}

/**
 * What the validation worker's readiness check is asked for (state/document/check/worker-protocol.ts):
 * the chosen target, with the Kubernetes export's options when it is that one.
 */
export const readinessTargetOf = ({ target, k8s }: { target: ExportTarget; k8s: K8sSettings }) =>
  target === 'kubernetes' ? { target, settings: k8s } : { target: 'compose' as const };
