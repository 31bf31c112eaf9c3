import { isRecord } from '../core/workload/values';
import type { ContainerMap, ResourceMap, ScoreWorkload, ValidationResult } from './contract';
import { DEFAULT_LIMIT, MAX_LIMIT } from './contract';
import { ValidationError } from './errors';

/**
 * A library of workloads with the workloads API's semantics (schemas/workloads.openapi.yaml), kept
 * either in this browser (IndexedDB, `LocalWorkloadRepository`) or on a server that implements the
 * API (`HttpWorkloadRepository`, downloaded on first use through `RemoteWorkloadRepository`). The UI
 * talks to this interface only, so it can switch between them.
 *
 * Errors (see ./errors): an unknown name → NotFoundError; a name taken → ConflictError; an invalid
 * workload or query → ValidationError with the ValidationResult or ErrorResponse that says why;
 * credentials refused → UnauthorizedError; no answer → UnreachableError; the server failed → ServerError.
 * Every error's message is for the user.
 */
export interface WorkloadRepository {
  /** Tells repositories apart (cache keys, labels): 'local' or 'remote:<base URL>'. */
  readonly id: string;
  /** Whether reopening a workload gives back its text byte for byte (comments, order, quoting). */
  readonly keepsText: boolean;

  /** A page of the workloads whose name contains `query.name`, sorted by name. */
  list(query?: WorkloadQuery): Promise<WorkloadPage>;
  /** Stores a new workload under its `metadata.name`; resolves to what was stored. */
  create(input: WorkloadInput): Promise<SavedWorkload>;
  get(name: string): Promise<SavedWorkload>;
  /**
   * Replaces the workload `name`; the new one must keep that name (renaming is create + delete, see
   * ./rename). A server that tracks versions refuses, as a ConflictError with status 412, to replace
   * a version newer than the one this client read, unless `options.overwrite` says so.
   */
  update(name: string, input: WorkloadInput, options?: UpdateOptions): Promise<SavedWorkload>;
  delete(name: string): Promise<void>;
  listContainers(name: string): Promise<ContainerMap>;
  /** The workload's resources ({} when it has none). */
  listResources(name: string): Promise<ResourceMap>;
  /** Checks a workload without storing it; an invalid one resolves to `valid: false` (it does not throw). */
  validate(input: WorkloadInput): Promise<ValidationResult>;
}

export interface UpdateOptions {
  /** Replace the stored workload even if someone saved it after this client read it. */
  overwrite?: boolean;
  /**
   * The version (SavedWorkload.version) the edited text is based on, when the caller kept it (it
   * outlives this repository object: a page reload makes a new one). Without it, the version this
   * object last read or saved is used.
   */
  basedOn?: string;
}

/**
 * A workload to store or check: its score.yaml text (what the designer edits, comments and all),
 * or the workload as plain data (what the API exchanges). Text is read as YAML or JSON.
 */
export type WorkloadInput = { text: string } | { workload: ScoreWorkload };

/** A stored workload: the data, and the text to open in the editor. */
export interface SavedWorkload {
  name: string;
  workload: ScoreWorkload;
  text: string;
  /**
   * 'saved': `text` is exactly the text that was saved (the local library keeps it).
   * 'rendered': the repository keeps data only (a server), so `text` was written from `workload`
   * by the `yaml` package: same content, but comments and formatting of the original are gone.
   */
  textSource: 'saved' | 'rendered';
  /** When it was last saved (ISO 8601), where the repository knows it. */
  updatedAt?: string;
  /** The stored version (a server's ETag), where the repository tracks versions; an update can be based on it. */
  version?: string;
}

export interface WorkloadQuery {
  /** Page size, 1 to 100 (default 10). */
  limit?: number;
  /** Workloads to skip (default 0). */
  offset?: number;
  /** Keeps the workloads whose name contains this (case-insensitive). */
  name?: string;
}

export interface ListedWorkload {
  name: string;
  workload: ScoreWorkload;
  updatedAt?: string;
}

export interface WorkloadPage {
  items: ListedWorkload[];
  /** How many workloads match the query in all (not only on this page). */
  total: number;
  limit: number;
  offset: number;
}

/** The query with the API's defaults filled in; an out-of-range limit or offset is a ValidationError. */
export function normaliseQuery(query: WorkloadQuery = {}): Required<Pick<WorkloadQuery, 'limit' | 'offset'>> & {
  name?: string;
} {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw queryError('limit', `The page size (limit) must be a whole number from 1 to ${MAX_LIMIT}, not ${limit}.`);
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw queryError('offset', `The offset must be a whole number of at least 0, not ${offset}.`);
  }
  return query.name ? { limit, offset, name: query.name } : { limit, offset };
}

function queryError(parameter: string, message: string): ValidationError {
  return new ValidationError(message, { problems: [{ path: parameter, message, code: 'VALUE_OUT_OF_RANGE' }] });
}

/** Refuses an update whose workload names another workload: that would be a rename in disguise. */
export function checkSameName(name: string, workload: unknown): void {
  const inside = nameIn(workload);
  if (inside !== undefined && inside !== name) {
    const message =
      `The workload is called "${inside}" (metadata.name) but is saved as "${name}". ` +
      'Rename the saved workload instead, or set metadata.name back.';
    throw new ValidationError(message, { problems: [{ path: '/metadata/name', message, code: 'NAME_MISMATCH' }] });
  }
}

/** `metadata.name` of a workload, when it is a string. */
export function nameIn(workload: unknown): string | undefined {
  const metadata = isRecord(workload) ? workload['metadata'] : undefined;
  const name = isRecord(metadata) ? metadata['name'] : undefined;
  return typeof name === 'string' ? name : undefined;
}
