import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { pointerAt } from '../document/source-map';
import { deriveGraph } from './derive';
import { elementAt, pointerOf } from './selection';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  api:
    image: api
    variables:
      DB_HOST: \${resources.db.host}
    before:
      web:
        ready: started
  web:
    image: nginx
resources:
  db:
    type: postgres
`;
const parsed = parseWorkloadText(text);
const graph = deriveGraph(parsed);
const at = (needle: string) => elementAt(graph, pointerAt(parsed, text.indexOf(needle)));

describe('selection between the YAML and the canvas', () => {
  it('the YAML cursor selects the node or start-order edge it stands in', () => {
    expect(at('image: nginx')).toBe('container:web');
    expect(at('DB_HOST')).toBe('container:api');
    expect(at('ready: started')).toBe('before:api->web');
    expect(at('type: postgres')).toBe('resource:db');
    expect(at('name: shop')).toBe('workload');
    expect(at('apiVersion')).toBe('workload');
  });

  it('nothing is selected for a pointer to something not on the canvas', () => {
    expect(elementAt(graph, '/containers/ghost/image')).toBeUndefined();
    expect(elementAt(graph, '/resources/ghost')).toBeUndefined();
  });

  it('a node or edge selects its pointer', () => {
    expect(pointerOf(graph, 'container:api')).toBe('/containers/api');
    expect(pointerOf(graph, 'resource:db')).toBe('/resources/db');
    expect(pointerOf(graph, 'workload')).toBe('');
    expect(pointerOf(graph, 'before:api->web')).toBe('/containers/api/before/web');
    expect(pointerOf(graph, 'uses:container:api->resource:db')).toBe('/containers/api/variables/DB_HOST');
    expect(pointerOf(graph, 'nothing')).toBeUndefined();
  });
});
