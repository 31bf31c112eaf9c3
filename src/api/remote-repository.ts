import { UnreachableError } from './errors';
import type { HttpRepositoryOptions } from './http-repository';
import type { UpdateOptions, WorkloadInput, WorkloadQuery, WorkloadRepository } from './repository';
import { isServedApi } from './served-api';

/**
 * The library on a server, as the app picks it from the settings: its client (openapi-fetch and the
 * calls typed by the contract, in ./http-repository) is downloaded on the first call, not with the
 * first page, which most visits (with the local library) never need.
 */
export class RemoteWorkloadRepository implements WorkloadRepository {
  readonly id: string;
  /**
   * As the HTTP repository: the API stores workloads as data, except the server that served this
   * page (`score-designer serve`), which keeps each text as it was saved.
   */
  readonly keepsText: boolean;
  private client: Promise<WorkloadRepository> | undefined;
  private readonly options: HttpRepositoryOptions;

  constructor(options: HttpRepositoryOptions) {
    this.id = `remote:${options.baseUrl.replace(/\/+$/, '')}`;
    this.keepsText = options.keepsText ?? isServedApi(options.baseUrl);
    this.options = { ...options, keepsText: this.keepsText };
  }

  private get http(): Promise<WorkloadRepository> {
    this.client ??= import('./http-repository').then(
      ({ HttpWorkloadRepository }) => new HttpWorkloadRepository(this.options),
      () => {
        this.client = undefined; // the next call tries the download again
        throw new UnreachableError(
          this.options.baseUrl,
          'the part of this app that talks to servers did not download (reload the page to try again)',
        );
      },
    );
    return this.client;
  }

  list = async (query?: WorkloadQuery) => (await this.http).list(query);
  create = async (input: WorkloadInput) => (await this.http).create(input);
  get = async (name: string) => (await this.http).get(name);
  update = async (name: string, input: WorkloadInput, options?: UpdateOptions) =>
    (await this.http).update(name, input, options);
  delete = async (name: string) => (await this.http).delete(name);
  listContainers = async (name: string) => (await this.http).listContainers(name);
  listResources = async (name: string) => (await this.http).listResources(name);
  validate = async (input: WorkloadInput) => (await this.http).validate(input);
}
