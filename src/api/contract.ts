import type { components } from './generated/workloads';

/**
 * The workloads API's own types, generated from schemas/workloads.openapi.yaml (`npm run api:types`),
 * under the names the rest of the app uses.
 */
export type ScoreWorkload = components['schemas']['ScoreWorkload'];
export type ContainerMap = components['schemas']['ContainerMap'];
export type ResourceMap = components['schemas']['ResourceMap'];
export type WorkloadList = components['schemas']['WorkloadList'];
export type ValidationResult = components['schemas']['ValidationResult'];
export type ErrorResponse = components['schemas']['ErrorResponse'];

/** One problem in a ValidationResult (errors and warnings have the same shape). */
export interface ValidationProblem {
  path: string;
  message: string;
  code: string;
}

/** A workload's name, as the API's path parameter and `metadata.name` require: an RFC 1123 label. */
export const WORKLOAD_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

export function isWorkloadName(name: unknown): name is string {
  return typeof name === 'string' && WORKLOAD_NAME_PATTERN.test(name);
}

/** The API's paging bounds (LimitParam, OffsetParam). */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;
