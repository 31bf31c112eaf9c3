import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../document/parse';
import { validateText } from '../validate';
import { exportedVariables } from './exported-variables';
import { previewValue } from './preview';
import { outputsOfType, resourceTypes } from '../catalog/resource-types';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  team: { name: payments }
containers:
  web:
    image: nginx
    variables:
      URL: postgres://\${resources.db.username}@\${resources.db.host}:\${resources.db.port}/\${resources.db.name}
      NAME: \${metadata.name}
      PRICE: $$5
resources:
  db:
    type: postgres
`;
const workload = { metadata: { name: 'shop', team: { name: 'payments' } } };

describe('previewValue', () => {
  it('fills in metadata from the workload, and unescapes $$', () => {
    expect(previewValue('${metadata.name}-${metadata.team.name}', workload)).toEqual({
      text: 'shop-payments',
      unresolved: [],
      sampled: false,
    });
    expect(previewValue('$$5', workload)?.text).toBe('$5');
  });

  it('leaves what it cannot know as written, and says which', () => {
    const p = previewValue('${resources.db.host}:${metadata.nope}', workload);
    expect(p).toEqual({
      text: '${resources.db.host}:${metadata.nope}',
      unresolved: ['${resources.db.host}', '${metadata.nope}'],
      sampled: false,
    });
  });

  it('has nothing to show for a plain value', () => {
    expect(previewValue('plain', workload)).toBeUndefined();
  });
});

describe('exportedVariables: resource outputs from a Compose export', () => {
  it('gives each container its variables as the container would see them', () => {
    const vars = exportedVariables(text)?.get('web');
    expect(vars?.NAME).toBe('shop');
    expect(vars?.PRICE).toBe('$5');
    // Sample values, but real ones: no placeholder is left and the port is postgres's.
    expect(vars?.URL).toMatch(/^postgres:\/\/user-\w+@pg-\w+:5432\/db-\w+$/);
  });

  it('is undefined when the workload cannot be exported', () => {
    expect(exportedVariables(text.replace('type: postgres', 'type: no-such-type'))).toBeUndefined();
    expect(exportedVariables('not: [valid')).toBeUndefined();
  });

  it('reads a text read already (as the validation worker has it) the same, and leaves that reading as it was', () => {
    const before = validateText(text);
    const edited = text.replace('image: nginx', 'image: nginx:1.27');
    // An incremental reading, as the worker has it while the user types.
    const { parsed } = validateText(edited, { previous: before.parsed });
    const value = structuredClone(parsed.value);
    const yaml = parsed.doc?.toString();
    expect(exportedVariables(edited, parsed)).toEqual(exportedVariables(edited));
    expect(parsed.value).toEqual(value);
    expect(parsed.doc?.toString()).toBe(yaml);
    expect(parsed.value).toEqual(parseWorkloadText(edited).value);
  });
});

describe('resource types offered in the type list', () => {
  it('lists the default provisioners with their outputs', () => {
    const types = resourceTypes().map((t) => t.type);
    expect(types).toEqual(expect.arrayContaining(['postgres', 'redis', 'volume', 'dns', 'route', 'environment']));
    expect(new Set(types).size).toBe(types.length);
    expect(outputsOfType('redis').map((o) => o.name)).toEqual(expect.arrayContaining(['host', 'port', 'password']));
    expect(outputsOfType('made-up')).toEqual([]);
  });
});
