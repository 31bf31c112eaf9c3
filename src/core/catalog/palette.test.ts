import { describe, expect, it } from 'vitest';
import { buildCatalog } from './build';
import { resourceTypes } from './resource-types';

const custom = `- uri: template://example/feature-flags
  type: feature-flags
  description: Feature flags from the platform's flag service. One per workload.
  expected_outputs:
    - url
    - token
  outputs: |
    url: https://flags.example.com
    token: abc
`;

describe('the palette of the active catalog', () => {
  it('offers every built-in type with the outputs its provisioner declares', () => {
    const palette = resourceTypes(buildCatalog([]).catalog);
    const postgres = palette.find((t) => t.type === 'postgres');
    expect(postgres).toMatchObject({ title: 'PostgreSQL database', icon: 'database', suggestedName: 'db' });
    expect(postgres?.outputs).toEqual(expect.arrayContaining(['host', 'port', 'database', 'username', 'password']));
    expect(palette.map((t) => t.type)).toEqual(expect.arrayContaining(['redis', 's3', 'volume', 'route', 'dns']));
  });

  it('adds the types of a loaded provisioners file, named by their description', () => {
    const palette = resourceTypes(buildCatalog([{ name: 'flags.provisioners.yaml', text: custom }]).catalog);
    expect(palette.find((t) => t.type === 'feature-flags')).toEqual({
      type: 'feature-flags',
      title: "Feature flags from the platform's flag service",
      icon: 'generic',
      outputs: ['url', 'token'],
      suggestedName: 'feature-flags',
    });
  });
});
