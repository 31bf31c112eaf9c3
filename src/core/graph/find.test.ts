import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { deriveGraph } from './derive';
import { findNodes } from './find';

const graph = deriveGraph(
  parseWorkloadText(`apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx:1.27
  worker:
    image: ghcr.io/acme/worker:2
resources:
  db:
    type: postgres
    class: large
  cache:
    type: redis
`),
);

describe('finding nodes on the canvas', () => {
  it('finds by name, image, resource type and class, case apart', () => {
    expect(findNodes(graph, 'web')).toEqual(['container:web']);
    expect(findNodes(graph, 'NGINX')).toEqual(['container:web']);
    expect(findNodes(graph, 'postgres')).toEqual(['resource:db']);
    expect(findNodes(graph, 'large')).toEqual(['resource:db']);
    expect(findNodes(graph, 'acme')).toEqual(['container:worker']);
  });

  it('wants every word, each in any field, and finds nothing for nothing', () => {
    expect(findNodes(graph, 'resource redis')).toEqual(['resource:cache']);
    expect(findNodes(graph, 'container')).toEqual(['container:web', 'container:worker']);
    expect(findNodes(graph, 'redis web')).toEqual([]);
    expect(findNodes(graph, '   ')).toEqual([]);
    expect(findNodes(graph, 'shop')).toEqual(['workload']);
  });
});
