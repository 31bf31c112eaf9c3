import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { planAddResource, suggestedContainerName } from './add';
import { deriveGraph } from './derive';
import { builtInResourceTypes } from '../catalog/resource-types';

const graph = deriveGraph(
  parseWorkloadText(`apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  app:
    image: nginx
resources:
  db:
    type: postgres
`),
);
const postgres = builtInResourceTypes.find((t) => t.type === 'postgres')!;
const redis = builtInResourceTypes.find((t) => t.type === 'redis')!;

describe('adding from the canvas', () => {
  it('offers a container name not taken yet', () => {
    expect(suggestedContainerName(graph)).toBe('app-2');
    expect(suggestedContainerName(deriveGraph(parseWorkloadText('containers: {}\n')))).toBe('app');
  });

  it('names a new resource after its type, made unique, and says which node it makes', () => {
    expect(planAddResource(graph, postgres)).toEqual({
      command: { name: 'addResource', args: { name: 'db-2', type: 'postgres' } },
      id: 'resource:db-2',
    });
    expect(planAddResource(graph, redis).id).toBe(`resource:${redis.suggestedName}`);
  });
});
