import { StorageError } from './errors';
import type { UpdateOptions, WorkloadInput, WorkloadQuery, WorkloadRepository } from './repository';

/**
 * A repository whose code is downloaded on its first call, not with the first page: the library is
 * not what a visit needs first. `load` makes the real repository; when its download fails, `failed`
 * says so as a repository error, and the next call tries again.
 */
export class LazyRepository implements WorkloadRepository {
  private real: Promise<WorkloadRepository> | undefined;

  constructor(
    readonly id: string,
    readonly keepsText: boolean,
    private readonly load: () => Promise<WorkloadRepository>,
    private readonly failed: () => Error,
  ) {}

  private get repository(): Promise<WorkloadRepository> {
    this.real ??= this.load().catch(() => {
      this.real = undefined; // the next call tries the download again
      throw this.failed();
    });
    return this.real;
  }

  list = async (query?: WorkloadQuery) => (await this.repository).list(query);
  create = async (input: WorkloadInput) => (await this.repository).create(input);
  get = async (name: string) => (await this.repository).get(name);
  update = async (name: string, input: WorkloadInput, options?: UpdateOptions) =>
    (await this.repository).update(name, input, options);
  delete = async (name: string) => (await this.repository).delete(name);
  listContainers = async (name: string) => (await this.repository).listContainers(name);
  listResources = async (name: string) => (await this.repository).listResources(name);
  validate = async (input: WorkloadInput) => (await this.repository).validate(input);
}

/** The library in this browser (IndexedDB), its code downloaded on the first call. */
export function lazyLocalRepository(): LazyRepository {
  return new LazyRepository(
    'local',
    true,
    () => import('./local-repository').then(({ LocalWorkloadRepository }) => new LocalWorkloadRepository()),
    () =>
      new StorageError(
        'The part of this app that keeps workloads in this browser did not download. Reload the page to try again.',
      ),
  );
}
