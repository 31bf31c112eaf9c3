import type { ContainerMap, ResourceMap, ScoreWorkload, ValidationResult } from './contract';
import { isWorkloadName } from './contract';
import { ConflictError, NotFoundError, RepositoryError, StorageError, ValidationError } from './errors';
import { openLibrary, type LibraryDatabase, type WorkloadRecord } from './local-database';
import {
  checkSameName,
  nameIn,
  normaliseQuery,
  type SavedWorkload,
  type WorkloadInput,
  type WorkloadPage,
  type WorkloadQuery,
  type WorkloadRepository,
} from './repository';
import { checkInput, resultOf, summary } from './workload-text';

export interface LocalRepositoryOptions {
  /** IndexedDB to use; the browser's by default (tests pass fake-indexeddb's). */
  indexedDB?: IDBFactory;
  /** Database name; 'score-designer' by default. */
  databaseName?: string;
  /** The clock for `updatedAt` (tests pass a fixed one). */
  now?: () => Date;
}

/**
 * The workload library in this browser (IndexedDB). It keeps each workload's text exactly as saved,
 * so reopening gives back the same bytes, comments and all; the data beside it serves listing and
 * the API-shaped answers. Saving checks the workload with the Score core, as a server would:
 * a workload with errors is refused with the problems (warnings do not stop it).
 */
export class LocalWorkloadRepository implements WorkloadRepository {
  readonly id = 'local';
  readonly keepsText = true;
  private db: Promise<LibraryDatabase> | undefined;

  constructor(private readonly options: LocalRepositoryOptions = {}) {}

  async list(query?: WorkloadQuery): Promise<WorkloadPage> {
    const { limit, offset, name } = normaliseQuery(query);
    return this.run(async (db) => {
      const tx = db.transaction('workloads');
      const needle = name?.toLowerCase();
      const names = (await tx.store.getAllKeys()).filter((key) => !needle || key.toLowerCase().includes(needle));
      const records = await Promise.all(names.slice(offset, offset + limit).map((key) => tx.store.get(key)));
      const items = records
        .filter((r): r is WorkloadRecord => r !== undefined)
        .map((r) => ({ name: r.name, workload: r.value, updatedAt: r.updatedAt }));
      return { items, total: names.length, limit, offset };
    });
  }

  async create(input: WorkloadInput): Promise<SavedWorkload> {
    const record = this.recordOf(input);
    return this.run(async (db) => {
      try {
        await db.add('workloads', record);
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === 'ConstraintError') {
          throw new ConflictError(`A workload named "${record.name}" is already saved in this browser.`, 409);
        }
        throw error;
      }
      return saved(record);
    });
  }

  async get(name: string): Promise<SavedWorkload> {
    return saved(await this.record(name));
  }

  async update(name: string, input: WorkloadInput): Promise<SavedWorkload> {
    const record = this.recordOf(input, name);
    return this.run(async (db) => {
      const tx = db.transaction('workloads', 'readwrite');
      if ((await tx.store.getKey(name)) === undefined) throw notFound(name);
      await tx.store.put(record);
      await tx.done;
      return saved(record);
    });
  }

  async delete(name: string): Promise<void> {
    return this.run(async (db) => {
      const tx = db.transaction('workloads', 'readwrite');
      if (!isWorkloadName(name) || (await tx.store.getKey(name)) === undefined) throw notFound(name);
      await tx.store.delete(name);
      await tx.done;
    });
  }

  async listContainers(name: string): Promise<ContainerMap> {
    return (await this.record(name)).value.containers;
  }

  async listResources(name: string): Promise<ResourceMap> {
    return (await this.record(name)).value.resources ?? {};
  }

  async validate(input: WorkloadInput): Promise<ValidationResult> {
    return resultOf(checkInput(input).diagnostics);
  }

  /** Closes the database (tests; a page never needs to). */
  async close(): Promise<void> {
    const db = this.db;
    this.db = undefined;
    if (db) (await db.catch(() => undefined))?.close();
  }

  /** A checked record to store; `expectedName` is the name it must keep (updates). */
  private recordOf(input: WorkloadInput, expectedName?: string): WorkloadRecord {
    const report = checkInput(input);
    if (expectedName !== undefined) checkSameName(expectedName, report.parsed.value);
    const result = resultOf(report.diagnostics);
    if (!result.valid) throw new ValidationError(summary(result), { result }, 400);
    const value = report.parsed.value as ScoreWorkload;
    const name = nameIn(value) ?? '';
    return { name, text: report.parsed.text, value, updatedAt: (this.options.now?.() ?? new Date()).toISOString() };
  }

  private async record(name: string): Promise<WorkloadRecord> {
    const record = isWorkloadName(name) ? await this.run((db) => db.get('workloads', name)) : undefined;
    if (!record) throw notFound(name);
    return record;
  }

  /** Runs against the open database, turning the browser's storage failures into plain words. */
  private async run<T>(work: (db: LibraryDatabase) => Promise<T>): Promise<T> {
    try {
      return await work(await this.open());
    } catch (error) {
      if (error instanceof RepositoryError) throw error;
      throw storageError(error);
    }
  }

  private open(): Promise<LibraryDatabase> {
    if (this.db) return this.db;
    const { indexedDB, databaseName } = this.options;
    // Closed by another tab's upgrade, or failed to open: forget it, and the next call opens afresh.
    const forget = () => {
      if (this.db === opening) this.db = undefined;
    };
    const opening = openLibrary(indexedDB, databaseName, forget);
    opening.catch(forget);
    this.db = opening;
    return opening;
  }
}

function saved(record: WorkloadRecord): SavedWorkload {
  return {
    name: record.name,
    workload: record.value,
    text: record.text,
    textSource: 'saved',
    updatedAt: record.updatedAt,
  };
}

function notFound(name: string): NotFoundError {
  return new NotFoundError(`There is no workload named "${name}" in this browser's library.`, 404);
}

function storageError(error: unknown): StorageError {
  const reason = error instanceof Error ? error.message : String(error);
  if ((error as { name?: unknown } | null)?.name === 'QuotaExceededError') {
    return new StorageError(
      `The browser's storage for this site is full: delete workloads you no longer need. (${reason})`,
    );
  }
  return new StorageError(`The browser could not use its storage for the workload library: ${reason}`);
}
