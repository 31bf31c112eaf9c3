import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { validateText } from '../../validate';
import { importCompose } from './index';

/**
 * The import's promise on any Compose-shaped file, valid or not: it never throws, every workload it
 * writes is valid Score, and every diagnostic points into the file. Values are drawn from what
 * Compose files hold (service names that are no Score names, `${…}`, ports, mounts, conditions,
 * well-known images) mixed with junk of every type.
 */

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);
const word = fc.constantFrom('web', 'db', 'cache', 'Web_1', '__proto__', 'constructor', 'a', 'x-y', '9lives', 'ümlaut');
const image = fc.constantFrom('nginx', 'postgres:16', 'redis', 'mariadb', 'mongo:7', 'rabbitmq', 'toString', '');
const value = fc.oneof(
  fc.constantFrom('plain', '${HOME}', '$$5', 'db', 'db:5432', 'postgres://u:p@db:5432/app', '${X:-1}', '${', 'cache'),
  fc.string({ maxLength: 8 }),
);
const service = fc.record(
  {
    image,
    build: fc.constant('.'),
    command: fc.oneof(fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }), fc.string({ maxLength: 12 }), junk),
    entrypoint: fc.oneof(fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }), junk),
    environment: fc.oneof(
      fc.dictionary(word, fc.oneof(value, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 4 }),
      fc.array(fc.oneof(value, fc.constant('K=v'), fc.constant('=x')), { maxLength: 3 }),
      junk,
    ),
    ports: fc.array(
      fc.oneof(
        fc.constantFrom('80', '8080:80', '127.0.0.1:5000:5000', '53:53/udp', '1-3:1-3', '0:0', 'x', '9000-9300'),
        fc.record({ target: fc.oneof(fc.integer({ min: -1, max: 70000 }), junk), published: junk }),
        junk,
      ),
      { maxLength: 3 },
    ),
    expose: fc.array(fc.oneof(fc.constantFrom('8000', '53/udp', 'nope'), junk), { maxLength: 2 }),
    volumes: fc.array(
      fc.oneof(
        fc.constantFrom('data:/data', 'data:/data:ro', '/anon', './host:/h', '__proto__:/p'),
        fc.record({ type: fc.constantFrom('volume', 'bind', 'tmpfs'), source: word, target: fc.string() }),
        junk,
      ),
      { maxLength: 3 },
    ),
    depends_on: fc.oneof(
      fc.array(word, { maxLength: 2 }),
      fc.dictionary(
        word,
        fc.record({ condition: fc.constantFrom('service_started', 'service_healthy', 'bogus', '__proto__') }),
        { maxKeys: 2 },
      ),
      junk,
    ),
    healthcheck: fc.oneof(
      fc.record({ test: fc.oneof(fc.constant(['CMD', 'true']), fc.constant(['CMD-SHELL', 'exit 0']), junk) }),
      junk,
    ),
    mem_limit: fc.oneof(fc.constantFrom('512m', '1gb', '10'), junk),
    cpus: fc.oneof(fc.constantFrom('0.5', 2), junk),
    annotations: fc.oneof(fc.dictionary(word, fc.oneof(fc.string(), junk), { maxKeys: 2 }), junk),
    restart: fc.constant('always'),
  },
  { requiredKeys: [] },
);
const composeFile = fc.record(
  {
    name: fc.oneof(word, junk),
    services: fc.oneof(fc.dictionary(word, fc.oneof(service, junk), { minKeys: 1, maxKeys: 4 }), junk),
    volumes: fc.oneof(fc.dictionary(word, fc.constant({})), junk),
    networks: junk,
  },
  { requiredKeys: ['services'] },
);

describe('importCompose on any Compose-shaped file', () => {
  it('never throws, writes only valid workloads, and places every diagnostic in the file', () => {
    fc.assert(
      fc.property(composeFile, fc.boolean(), (file, perService) => {
        const text = stringify(file);
        const lines = text.split('\n').length;
        const result = importCompose(text, { grouping: perService ? 'per-service' : 'start-order' });
        for (const d of result.diagnostics) {
          expect(d.message).not.toMatch(/failed unexpectedly|please report/);
          expect(d.range.line).toBeGreaterThanOrEqual(1);
          expect(d.range.endLine).toBeLessThanOrEqual(lines);
        }
        for (const w of result.workloads) expect(validateText(w.text).errors, w.text).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
