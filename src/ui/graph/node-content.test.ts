import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../../core/document/parse';
import { deriveGraph } from '../../core/graph';
import { createNodeContent } from './node-content';

const text = `apiVersion: score.dev/v1b1
metadata: {name: demo}
containers:
  api: {image: api:1}
  web: {image: nginx:1.27}
resources:
  db: {type: postgres}
`;

const graphOf = (source: string) => deriveGraph(parseWorkloadText(source));

describe('what the canvas nodes show, apart from React Flow', () => {
  it('notifies the nodes whose content changed, and only those', () => {
    const content = createNodeContent();
    content.update(graphOf(text).nodes);
    const heard: string[] = [];
    for (const id of ['workload', 'container:api', 'container:web', 'resource:db']) {
      content.subscribe(id, () => heard.push(id));
    }
    const before = content.get('container:api');
    content.update(graphOf(text.replace('nginx:1.27', 'nginx:1.28')).nodes);
    expect(heard).toEqual(['container:web']);
    expect(content.get('container:web')).toMatchObject({ image: 'nginx:1.28' });
    // Equal content keeps its object: what a component read is still current.
    expect(content.get('container:api')).toBe(before);

    heard.length = 0;
    content.update(graphOf(text.replace('image: api:1', 'imag: api:1')).nodes);
    expect(heard.sort()).toEqual(['container:api', 'container:web']);
    expect(content.get('container:api')).toMatchObject({ image: undefined });
  });

  it('forgets a node that went, and stops calling a listener that unsubscribed', () => {
    const content = createNodeContent();
    content.update(graphOf(text).nodes);
    let calls = 0;
    const stop = content.subscribe('resource:db', () => calls++);
    content.update(graphOf(text.replace('postgres', 'redis')).nodes);
    expect(calls).toBe(1);
    stop();
    content.update(graphOf(text.replace('postgres', 'mysql')).nodes);
    expect(calls).toBe(1);
    content.update(graphOf(text.replace(/resources:[\s\S]*/, '')).nodes);
    expect(content.get('resource:db')).toBeUndefined();
  });
});
