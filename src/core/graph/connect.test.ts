import { describe, expect, it } from 'vitest';
import { runCommand, isRefusal } from '../commands';
import { parseWorkloadText } from '../document/parse';
import {
  connectionTargets,
  planConnection,
  planConnectionFrom,
  planStartOrder,
  planUseResource,
  readinessProblem,
  suggestVariableName,
} from './connect';
import { deriveGraph } from './derive';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  migrate:
    image: flyway
    before:
      api:
        ready: complete
  api:
    image: api
    readinessProbe:
      httpGet: {port: 8080, path: /}
    before:
      web:
        ready: started
  web:
    image: nginx
resources:
  db:
    type: postgres
`;
const graph = deriveGraph(parseWorkloadText(text));

describe('planConnection', () => {
  it('container → container is a start order, from the one that starts first', () => {
    expect(planConnection(graph, 'container:migrate', 'container:web')).toMatchObject({
      kind: 'start-order',
      first: 'migrate',
      then: 'web',
      existing: undefined,
    });
  });

  it('knows the start order that is already there, to change its condition', () => {
    const plan = planConnection(graph, 'container:api', 'container:web');
    expect(plan.kind === 'start-order' && plan.existing?.ready).toBe('started');
  });

  it('container → resource uses the resource', () => {
    const plan = planConnection(graph, 'container:web', 'resource:db');
    expect(plan.kind).toBe('use-resource');
    expect(plan.kind === 'use-resource' && [plan.container, plan.resource.name, plan.resource.type]).toEqual([
      'web',
      'db',
      'postgres',
    ]);
  });

  it.each([
    ['container:web', 'container:web', /cannot start before itself/],
    ['container:web', 'container:migrate', /already starts before "web" \(migrate → api → web\).*loop/],
    ['container:web', 'container:api', /already starts before "web" \(api → web\)/],
    ['resource:db', 'container:web', /Connections start at a container/],
    ['container:web', 'workload', /workload itself is not connected/],
    ['container:web', 'container:ghost', /no longer in the workload/],
  ])('refuses %s → %s and says why', (from, to, reason) => {
    const plan = planConnection(graph, from, to);
    expect(plan.kind).toBe('refused');
    expect(plan.kind === 'refused' && plan.reason).toMatch(reason);
  });

  it('agrees with the setBefore command on what loops', () => {
    for (const from of ['migrate', 'api', 'web']) {
      for (const to of ['migrate', 'api', 'web']) {
        const plan = planConnection(graph, `container:${from}`, `container:${to}`);
        const result = runCommand('setBefore', text, { container: from, target: to, ready: 'started' });
        expect(plan.kind === 'refused', `${from} → ${to}`).toBe(isRefusal(result));
      }
    }
  });

  it('lists the targets a keyboard user can choose from, with the refused ones and why', () => {
    const targets = connectionTargets(graph, 'container:web');
    expect(targets.map((t) => `${t.node.id} ${t.plan.kind}`)).toEqual([
      'container:migrate refused',
      'container:api refused',
      'resource:db use-resource',
    ]);
  });
});

describe('readinessProblem', () => {
  it('refuses "healthy" for a container without a probe, and allows it with one', () => {
    expect(readinessProblem(graph, 'web', 'healthy')).toMatch(/"web" has no readinessProbe or livenessProbe/);
    expect(readinessProblem(graph, 'api', 'healthy')).toBeUndefined();
    expect(readinessProblem(graph, 'web', 'started')).toBeUndefined();
    expect(readinessProblem(graph, 'web', 'complete')).toBeUndefined();
  });
});

describe('suggestVariableName', () => {
  it('names the variable after the resource and the output', () => {
    expect(suggestVariableName('db', 'host', [])).toBe('DB_HOST');
    expect(suggestVariableName('orders-db', 'port', [])).toBe('ORDERS_DB_PORT');
    expect(suggestVariableName('s3', 'access_key_id', [])).toBe('S3_ACCESS_KEY_ID');
    expect(suggestVariableName('data', '', [])).toBe('DATA_ID');
    expect(suggestVariableName('db', 'tls.ca', [])).toBe('DB_TLS_CA');
  });

  it('does not take a name the container already uses', () => {
    expect(suggestVariableName('db', 'host', ['DB_HOST'])).toBe('DB_HOST_2');
    expect(suggestVariableName('db', 'host', ['DB_HOST', 'DB_HOST_2'])).toBe('DB_HOST_3');
  });

  it('never starts with a digit', () => {
    expect(suggestVariableName('3rd-party', 'url', [])).toBe('_3RD_PARTY_URL');
  });
});

describe('the other connection plans', () => {
  it('starts a connection from a container only, saying why not from anything else', () => {
    expect(planConnectionFrom(graph, 'container:web')).toEqual({ kind: 'choose-target' });
    expect(planConnectionFrom(graph, 'resource:db')).toMatchObject({ kind: 'refused', reason: /start at a container/ });
    expect(planConnectionFrom(graph, 'workload')).toMatchObject({ kind: 'refused' });
    expect(planConnectionFrom(graph, 'container:gone')).toEqual({ kind: 'nothing' });
  });

  it('writes a start order with the condition chosen, unless the first cannot be healthy', () => {
    expect(planStartOrder(graph, 'api', 'web', 'healthy')).toEqual({
      kind: 'command',
      command: { name: 'setBefore', args: { container: 'api', target: 'web', ready: 'healthy' } },
    });
    expect(planStartOrder(graph, 'web', 'api', 'healthy')).toEqual({
      kind: 'refused',
      reason: readinessProblem(graph, 'web', 'healthy'),
    });
  });

  it('uses a resource by reading an output into a variable, or by mounting it', () => {
    expect(planUseResource('web', 'db', { variable: 'DB_HOST', output: 'host' })).toEqual({
      name: 'bindOutputToVariable',
      args: { container: 'web', variable: 'DB_HOST', resource: 'db', output: 'host' },
    });
    expect(planUseResource('web', 'data', { mountAt: '/data' })).toEqual({
      name: 'mountResource',
      args: { container: 'web', resource: 'data', target: '/data' },
    });
  });
});
