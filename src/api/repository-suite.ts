import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isWorkloadName, type ScoreWorkload } from './contract';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from './errors';
import { renameWorkload } from './rename';
import type { WorkloadRepository } from './repository';

/**
 * One test suite for every WorkloadRepository. What it asserts depends on what the repository
 * under test can honestly do, declared up front:
 * - `stateful`: it stores what it is given (the local library). A mock server answers every
 *   request with the contract's examples, so against it the suite checks the contract instead:
 *   shapes, status handling, error mapping (forcing statuses with `answering`), auth.
 * - `keepsText`: reopening gives back the saved text byte for byte.
 */
export interface SuiteCapabilities {
  stateful: boolean;
  keepsText: boolean;
  /** The library refuses requests without credentials. */
  requiresCredentials: boolean;
}

export interface RepositoryUnderTest {
  repository: WorkloadRepository;
  /** The same library, asking the (mock) server to answer every request with this status. */
  answering?: (status: number) => WorkloadRepository;
  /** The same library without credentials. */
  withoutCredentials?: () => WorkloadRepository;
  /** The requests that broke the API contract since the last call (a checking server reports them). */
  takeContractViolations?: () => string[];
  cleanup?: () => Promise<void>;
}

/** A workload valid both for the Score core and for the API's ScoreWorkload schema, commented like a real file. */
export function sampleText(name: string, image = 'nginx:1.27'): string {
  return `# ${name}: served by nginx
apiVersion: score.dev/v1b1
metadata:
  name: ${name}   # shown in the library
  annotations:
    team.example.com/owner: "web"
containers:
  web:
    image: ${image}
    variables:
      GREETING: 'hello, world'
resources:
  db:
    type: postgres
service:
  ports:
    www:
      port: 80
      targetPort: 8080
`;
}

const sampleWorkload = (name: string): ScoreWorkload => parse(sampleText(name)) as ScoreWorkload;

/** Neither the core nor the API accepts it: wrong apiVersion, no containers, a name that is no label. */
const invalidWorkload = {
  apiVersion: 'score.dev/v2',
  metadata: { name: 'Not_A_Name' },
} as unknown as ScoreWorkload;

/** Texts a user might save, each with something a careless round trip would lose. */
const tricky: Record<string, string> = {
  'comments and odd spacing': sampleText('commented'),
  'CRLF line ends and no final newline': sampleText('crlf-ends').replace(/\n/g, '\r\n').trimEnd(),
  'flow style, quotes and unicode': `{apiVersion: "score.dev/v1b1", metadata: {name: 'flow-style', note: "naïve — 日本 🚀"},
  containers: {app: {image: "busybox", args: ['echo', "tab\\there"]}}}  # trailing comment\n`,
  'JSON text': JSON.stringify(sampleWorkload('as-json'), null, 4),
};

export function defineRepositorySuite(
  label: string,
  capabilities: SuiteCapabilities,
  setup: () => Promise<RepositoryUnderTest>,
): void {
  const { stateful, keepsText, requiresCredentials } = capabilities;

  describe(`${label}: workload repository`, () => {
    let target: RepositoryUnderTest;
    let repo: WorkloadRepository;
    /** Set by a test that sends an invalid request on purpose: the server may report it. */
    let sentInvalid = false;

    beforeEach(async () => {
      target = await setup();
      repo = target.repository;
      sentInvalid = false;
    });

    afterEach(async () => {
      const violations = target.takeContractViolations?.() ?? [];
      await target.cleanup?.();
      if (!sentInvalid) expect(violations, 'requests that break the API contract').toEqual([]);
    });

    /** A repository that answers `status` to every request: the mock's forced answer, or the real one. */
    const answering = (status: number): WorkloadRepository => (stateful ? repo : target.answering!(status));

    it('answers a create with the stored workload', async () => {
      const saved = await repo.create({ text: sampleText('web-shop') });
      expect(isWorkloadName(saved.name)).toBe(true);
      expect(saved.workload.apiVersion).toBe('score.dev/v1b1');
      expect(saved.workload.metadata.name).toBe(saved.name);
      expect(Object.values(saved.workload.containers).every((c) => typeof c.image === 'string')).toBe(true);
      if (stateful) expect(saved.workload).toEqual(sampleWorkload('web-shop'));
    });

    it('accepts a workload as data as well as text', async () => {
      const saved = await repo.create({ workload: sampleWorkload('from-data') });
      expect(saved.workload.metadata.name).toBe(saved.name);
      if (stateful) expect((await repo.get('from-data')).workload).toEqual(sampleWorkload('from-data'));
    });

    it('opens a workload with a text that reads as the same workload', async () => {
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      const saved = await repo.get('web-shop');
      expect(parse(saved.text)).toEqual(saved.workload);
      expect(saved.textSource).toBe(keepsText ? 'saved' : 'rendered');
      if (keepsText) expect(saved.text).toBe(sampleText('web-shop'));
    });

    it.runIf(keepsText)('gives back the saved text byte for byte, after create and after update', async () => {
      for (const [what, text] of Object.entries(tricky)) {
        const name = (parse(text) as ScoreWorkload).metadata.name;
        expect((await repo.create({ text })).text, what).toBe(text);
        expect((await repo.get(name)).text, what).toBe(text);
        const edited = `${text}\n# edited\n`;
        await repo.update(name, { text: edited });
        expect((await repo.get(name)).text, what).toBe(edited);
      }
    });

    it('says NotFound, with a message, for an unknown name in every operation that takes one', async () => {
      const missing = answering(404);
      const attempts: Record<string, () => Promise<unknown>> = {
        get: () => missing.get('no-such-workload'),
        update: () => missing.update('no-such-workload', { text: sampleText('no-such-workload') }),
        delete: () => missing.delete('no-such-workload'),
        listContainers: () => missing.listContainers('no-such-workload'),
        listResources: () => missing.listResources('no-such-workload'),
      };
      for (const [operation, attempt] of Object.entries(attempts)) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error, operation).toBeInstanceOf(NotFoundError);
        expect((error as NotFoundError).kind).toBe('not-found');
        expect((error as Error).message.length, operation).toBeGreaterThan(10);
      }
    });

    it('says NotFound for a name no workload can have, without asking anyone', async () => {
      for (const name of ['Not_A_Name', '', 'a', '../etc/passwd', 'x'.repeat(64)]) {
        await expect(repo.get(name), JSON.stringify(name)).rejects.toBeInstanceOf(NotFoundError);
        await expect(repo.delete(name), JSON.stringify(name)).rejects.toBeInstanceOf(NotFoundError);
      }
    });

    it('says Conflict, with a message, when the name is taken', async () => {
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      const error = await answering(409)
        .create({ text: sampleText('web-shop') })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message.length).toBeGreaterThan(10);
      if (stateful) expect((error as Error).message).toContain('web-shop');
    });

    it('refuses an invalid workload with a ValidationError that says why', async () => {
      sentInvalid = true;
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      for (const attempt of [
        () => repo.create({ workload: invalidWorkload }),
        () => repo.update('web-shop', { workload: { ...invalidWorkload, metadata: { name: 'web-shop' } } }),
      ]) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        const invalid = error as ValidationError;
        expect(invalid.message.length).toBeGreaterThan(10);
        expect(invalid.result ?? invalid.response).toBeDefined();
        expect(invalid.problems.length).toBeGreaterThan(0);
        expect(invalid.problems.every((p) => p.message.length > 0)).toBe(true);
      }
      if (stateful) expect((await repo.get('web-shop')).text).toBe(sampleText('web-shop'));
    });

    it('refuses text that is not YAML, saying where, and never sends it', async () => {
      const error = await repo.create({ text: 'apiVersion: [unclosed\n' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).result?.errors?.[0]?.code).toBe('SYNTAX_ERROR');
    });

    it('refuses an update that would rename the workload in disguise', async () => {
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      const error = await repo.update('web-shop', { text: sampleText('other-name') }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).problems[0]).toMatchObject({ path: '/metadata/name', code: 'NAME_MISMATCH' });
      expect((error as Error).message).toContain('other-name');
    });

    it('answers an update with the stored workload', async () => {
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      const saved = await repo.update('web-shop', { text: sampleText('web-shop', 'nginx:1.28') });
      expect(saved.workload.metadata.name).toBe(saved.name);
      if (stateful) {
        expect(saved.workload.containers['web']?.image).toBe('nginx:1.28');
        expect((await repo.get('web-shop')).workload.containers['web']?.image).toBe('nginx:1.28');
      }
    });

    it('deletes a workload', async () => {
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      await expect(repo.delete('web-shop')).resolves.toBeUndefined();
      if (stateful) {
        await expect(repo.get('web-shop')).rejects.toBeInstanceOf(NotFoundError);
        expect((await repo.list()).total).toBe(0);
      }
    });

    it('lists workloads as a page: items, total, limit and offset', async () => {
      const page = await repo.list({ limit: 2, offset: 0, name: 'shop' });
      expect(Array.isArray(page.items)).toBe(true);
      for (const item of page.items) expect(item.workload.metadata.name).toBe(item.name);
      expect(Number.isInteger(page.total) && Number.isInteger(page.limit) && Number.isInteger(page.offset)).toBe(true);
      const all = await repo.list();
      expect(all.items.length).toBeLessThanOrEqual(10);
    });

    it.runIf(stateful)('lists by name, filters by part of the name, and pages', async () => {
      for (const name of ['pet-shop', 'api-gateway', 'web-shop', 'batch-job', 'shop-admin']) {
        await repo.create({ text: sampleText(name) });
      }
      const names = (page: { items: { name: string }[] }) => page.items.map((i) => i.name);
      const all = await repo.list();
      expect(names(all)).toEqual(['api-gateway', 'batch-job', 'pet-shop', 'shop-admin', 'web-shop']);
      expect(all).toMatchObject({ total: 5, limit: 10, offset: 0 });
      expect(await repo.list({ limit: 2, offset: 1 })).toMatchObject({ total: 5, limit: 2, offset: 1 });
      expect(names(await repo.list({ limit: 2, offset: 1 }))).toEqual(['batch-job', 'pet-shop']);
      expect(names(await repo.list({ offset: 4 }))).toEqual(['web-shop']);
      expect(names(await repo.list({ offset: 5 }))).toEqual([]);
      const shops = await repo.list({ name: 'SHOP' });
      expect(names(shops)).toEqual(['pet-shop', 'shop-admin', 'web-shop']);
      expect(shops.total).toBe(3);
      expect((await repo.list({ name: 'shop', limit: 1 })).total).toBe(3);
    });

    it('refuses a page size or offset out of range before asking', async () => {
      for (const query of [{ limit: 0 }, { limit: 101 }, { limit: 1.5 }, { offset: -1 }]) {
        await expect(repo.list(query), JSON.stringify(query)).rejects.toBeInstanceOf(ValidationError);
      }
    });

    it("lists a workload's containers and resources", async () => {
      if (stateful) {
        await repo.create({ text: sampleText('web-shop') });
        await repo.create({
          text: 'apiVersion: score.dev/v1b1\nmetadata: {name: bare}\ncontainers: {app: {image: busybox}}\n',
        });
      }
      const containers = await repo.listContainers('web-shop');
      expect(Object.keys(containers).length).toBeGreaterThan(0);
      expect(Object.values(containers).every((c) => typeof c.image === 'string')).toBe(true);
      const resources = await repo.listResources('web-shop');
      expect(Object.values(resources).every((r) => typeof r.type === 'string')).toBe(true);
      if (stateful) {
        expect(containers).toEqual(sampleWorkload('web-shop').containers);
        expect(resources).toEqual(sampleWorkload('web-shop').resources);
        expect(await repo.listResources('bare')).toEqual({});
      }
    });

    it('validates a valid workload as valid', async () => {
      const result = await repo.validate({ text: sampleText('web-shop') });
      expect(result.valid).toBe(true);
      expect(result.errors ?? []).toEqual([]);
      expect(Array.isArray(result.warnings ?? [])).toBe(true);
    });

    it('validates an invalid workload as invalid, listing the problems, without throwing', async () => {
      sentInvalid = true;
      const result = await repo.validate({ workload: invalidWorkload });
      expect(result.valid).toBe(false);
      expect(result.errors?.length).toBeGreaterThan(0);
      for (const error of result.errors ?? []) {
        expect(typeof error.message).toBe('string');
        expect(typeof error.path).toBe('string');
        expect(typeof error.code).toBe('string');
      }
      if (stateful) expect((result.errors ?? []).map((e) => e.path)).toContain('/metadata/name');
    });

    it('validates text that is not YAML as invalid, with the syntax problem', async () => {
      const result = await repo.validate({ text: 'metadata: {name: x\n' });
      expect(result.valid).toBe(false);
      expect(result.errors?.[0]?.code).toBe('SYNTAX_ERROR');
    });

    it.runIf(requiresCredentials)('refuses requests without credentials with an Unauthorized error', async () => {
      const error = await target.withoutCredentials!()
        .list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect((error as UnauthorizedError).status).toBe(401);
      expect((error as Error).message).toMatch(/token or API key/);
    });

    it('renames a workload through create and delete', async () => {
      if (stateful) await repo.create({ text: sampleText('web-shop') });
      const renamed = await renameWorkload(repo, 'web-shop', 'web-store');
      expect(renamed.workload.metadata.name).toBe(renamed.name);
      if (stateful) {
        await expect(repo.get('web-shop')).rejects.toBeInstanceOf(NotFoundError);
        expect(renamed.name).toBe('web-store');
      }
      if (keepsText) {
        // Only the name's bytes changed: the comments, the quoting and the layout are the user's.
        const expected = sampleText('web-shop').replace('name: web-shop ', 'name: web-store ');
        expect((await repo.get('web-store')).text).toBe(expected);
      }
    });
  });
}
