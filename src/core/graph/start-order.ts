import type { Readiness } from './types';

/** The conditions a container can wait for, in the order a picker offers them (`started` first: the default). */
export const READINESS_CHOICES: readonly Readiness[] = ['started', 'healthy', 'complete'];

const WORDS: Record<Readiness, string> = {
  started: 'has started',
  healthy: 'is healthy',
  complete: 'completes',
};

/** What `then` waits for, in words: "has started", "is healthy", "completes". */
export function readinessWords(ready: Readiness): string {
  return WORDS[ready];
}

/**
 * A start-order edge in words, as `containers.FIRST.before.THEN.ready` means it (score-compose's
 * reading): "THEN starts after FIRST has started / is healthy / completes".
 */
export function startOrderLabel(first: string, then: string, ready: Readiness | undefined): string {
  return ready === undefined
    ? `${then} starts after ${first} (no valid condition)`
    : `${then} starts after ${first} ${readinessWords(ready)}`;
}
