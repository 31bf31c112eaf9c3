import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { completePlaceholder } from './placeholder-completion';

const workload = parse(`
apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/team: web
containers:
  web:
    image: nginx
resources:
  db:
    type: postgres
  cache:
    type: redis
  thing:
    type: something-unknown
`);

const labels = (line: string) => completePlaceholder(workload, line)?.suggestions.map((s) => s.label);

describe('completion inside ${…}', () => {
  it('offers the roots right after ${', () => {
    expect(labels('      DB: ${')).toEqual(['metadata', 'resources']);
    expect(completePlaceholder(workload, '      DB: ${re')?.from).toBe(12);
  });

  it('offers metadata keys, nested ones, escaping dots', () => {
    expect(labels('X: ${metadata.')).toEqual(['name', 'annotations']);
    const nested = completePlaceholder(workload, 'X: ${metadata.annotations.ex');
    expect(nested?.suggestions.map((s) => s.insert)).toEqual(['example\\.com/team']);
    expect(nested?.from).toBe('X: ${metadata.annotations.'.length);
  });

  it('offers resource names, then the outputs of the resource’s type', () => {
    expect(labels('X: ${resources.')).toEqual(['db', 'cache', 'thing']);
    expect(labels('X: ${resources.db.')).toEqual(['host', 'port', 'name', 'database', 'username', 'password']);
    expect(labels('X: ${resources.cache.po')).toEqual(['host', 'port', 'username', 'password']);
    expect(labels('X: ${resources.thing.')).toEqual([]);
    expect(labels('X: ${resources.nope.')).toEqual([]);
  });

  it('offers nothing outside a placeholder, after a closed one, or after the $$ escape', () => {
    expect(completePlaceholder(workload, 'X: plain')).toBeUndefined();
    expect(completePlaceholder(workload, 'X: ${metadata.name} and ')).toBeUndefined();
    expect(completePlaceholder(workload, 'X: $${metadata.')).toBeUndefined();
    expect(labels('X: ${metadata.name}-${resources.')).toEqual(['db', 'cache', 'thing']);
  });

  it('copes with a workload that is not a mapping', () => {
    expect(labels('X: ${resources.')).toBeDefined();
    expect(completePlaceholder(undefined, 'X: ${resources.')?.suggestions).toEqual([]);
    expect(completePlaceholder(['a'], 'X: ${metadata.')?.suggestions).toEqual([]);
  });
});
