import { UnreachableError } from './errors';
import type { HttpRepositoryOptions } from './http-repository';
import { LazyRepository } from './lazy-repository';
import { isServedApi } from './served-api';

/**
 * The library on a server, as the app picks it from the settings: its client (openapi-fetch and the
 * calls typed by the contract, in ./http-repository) is downloaded on the first call, not with the
 * first page, which most visits (with the local library) never need.
 */
export class RemoteWorkloadRepository extends LazyRepository {
  constructor(options: HttpRepositoryOptions) {
    // As the HTTP repository: the API stores workloads as data, except the server that served this
    // page (`score-designer serve`), which keeps each text as it was saved.
    const keepsText = options.keepsText ?? isServedApi(options.baseUrl);
    super(
      `remote:${options.baseUrl.replace(/\/+$/, '')}`,
      keepsText,
      () =>
        import('./http-repository').then(
          ({ HttpWorkloadRepository }) => new HttpWorkloadRepository({ ...options, keepsText }),
        ),
      () =>
        new UnreachableError(
          options.baseUrl,
          'the part of this app that talks to servers did not download (reload the page to try again)',
        ),
    );
  }
}
