import { afterAll, beforeAll, describe } from 'vitest';
import { HttpWorkloadRepository, type ApiCredentials } from '../api/http-repository';
import { defineRepositorySuite } from '../api/repository-suite';
import { contractChecker, type AnswerCheck } from '../../test/support/contract-check';
import { postgresInstalled, startPostgres, type TestPostgres } from '../../test/support/postgres';
import { startTestServer, type TestServer } from '../../test/support/workloads-server';

/**
 * The repository suite that runs against the Prism mock, here against the real server — on its
 * embedded PGlite and on a real PostgreSQL — through the app's own HTTP repository in the mode the
 * served app uses (texts kept). Every answer is checked against the OpenAPI document on the way.
 */
if (!postgresInstalled) {
  console.warn('PostgreSQL is not installed (apt-get install postgresql): the server suite on PostgreSQL is skipped.');
}

/** Making a database (initdb, in WebAssembly for PGlite) takes seconds, many on a loaded machine. */
const STARTUP_MS = 120_000;

function suiteAgainst(label: string, start: () => Promise<TestServer>) {
  describe(label, () => {
    let target: TestServer | undefined;
    let check: Awaited<ReturnType<typeof contractChecker>>;
    const violations: string[] = [];

    beforeAll(async () => {
      [target, check] = await Promise.all([start(), contractChecker()]);
    }, STARTUP_MS);
    afterAll(async () => {
      await target?.stop();
    });

    /** Sends through the global fetch and checks each answer against the contract. */
    const checkingFetch = async (request: Request, init?: RequestInit) => {
      const response = await fetch(request, init);
      const result: AnswerCheck = check(request.method, request.url, response, await response.clone().text());
      // The suite sends a few requests that are wrong on purpose: those may be refused, never answered off-contract.
      for (const violation of result.violations)
        violations.push(`${request.method} ${request.url} → ${response.status}: ${violation}`);
      return response;
    };

    const repositoryOf = (credentials: ApiCredentials) =>
      new HttpWorkloadRepository({ baseUrl: target!.apiUrl, credentials, keepsText: true, fetch: checkingFetch });

    defineRepositorySuite(label, { stateful: true, keepsText: true, requiresCredentials: true }, async () => {
      await target!.reset();
      violations.length = 0;
      return {
        repository: repositoryOf({ kind: 'api-key', key: target!.key }),
        withoutCredentials: () => repositoryOf({ kind: 'none' }),
        takeContractViolations: () => violations.splice(0),
      };
    });
  });
}

suiteAgainst('server on PGlite', () => startTestServer());

describe.skipIf(!postgresInstalled)('on PostgreSQL', () => {
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, STARTUP_MS);
  afterAll(async () => {
    await postgres?.stop();
  });
  suiteAgainst('server on PostgreSQL', () => startTestServer({ databaseUrl: postgres!.url }));
});
