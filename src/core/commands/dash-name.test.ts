import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isRefusal, runCommand } from './index';

/**
 * Issue 39, item 2: a key named "-" where the schema wants a mapping (variables, params, a start
 * order) is a key, not JSON Pointer's "append to a list": setting it on an empty mapping used to
 * write a list. Where the schema wants a list (args), "-" still appends.
 */
const text = `apiVersion: score.dev/v1b1
metadata:
  name: x
containers:
  "-":
    image: b
  web:
    image: nginx
    variables:
resources:
  db:
    type: postgres
    params:
`;

const after = (name: Parameters<typeof runCommand>[0], args: unknown) => {
  const result = runCommand(name, text, args);
  if (isRefusal(result)) throw new Error(result.error);
  type Workload = {
    containers: { web: { variables?: unknown; before?: unknown; args?: unknown } };
    resources: { db: { params?: unknown } };
  };
  return { text: result.text, value: parse(result.text) as Workload };
};

describe('a key named "-" on an empty mapping', () => {
  it('is a variable, a resource param and a start order entry', () => {
    expect(after('setVariable', { container: 'web', name: '-', value: 'x' }).value.containers.web.variables).toEqual({
      '-': 'x',
    });
    expect(after('setResourceParam', { resource: 'db', name: '-', value: 'x' }).value.resources.db.params).toEqual({
      '-': 'x',
    });
    expect(after('setBefore', { container: 'web', target: '-', ready: 'started' }).value.containers.web.before).toEqual(
      { '-': { ready: 'started' } },
    );
  });

  it('still appends to a list where the schema wants one', () => {
    expect(after('setField', { pointer: '/containers/web/args/-', value: 'a' }).value.containers.web.args).toEqual([
      'a',
    ]);
  });
});
