import { describe, expect, it } from 'vitest';
import { defaultProvisioners } from '../provisioners/builtin';
import { uniqueName } from '../workload/names';
import { builtInResourceTypes, resourceTypeInfo } from './resource-types';

describe('the palette of resource types', () => {
  it('offers, for each type, the outputs its default provisioner really produces', () => {
    const provisioners = new Map(defaultProvisioners().map((p) => [p.type, p]));
    for (const t of builtInResourceTypes) {
      const provisioner = provisioners.get(t.type);
      expect(provisioner, `a default provisioner for ${t.type}`).toBeDefined();
      expect([...t.outputs].sort(), t.type).toEqual(provisioner!.outputs.map((o) => o.name).sort());
    }
  });

  it('has each type once, with a name a resource may have', () => {
    const types = builtInResourceTypes.map((t) => t.type);
    expect(new Set(types).size).toBe(types.length);
    for (const t of builtInResourceTypes) expect(t.suggestedName).toMatch(/^[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/);
  });

  it('knows a type by name, and nothing for an unknown one', () => {
    expect(resourceTypeInfo('postgres')?.icon).toBe('database');
    expect(resourceTypeInfo('volume')?.mountable).toBe(true);
    expect(resourceTypeInfo('my-own-type')).toBeUndefined();
    expect(resourceTypeInfo(undefined)).toBeUndefined();
  });

  it('makes names unique', () => {
    expect(uniqueName('db', [])).toBe('db');
    expect(uniqueName('db', ['db'])).toBe('db-2');
    expect(uniqueName('db', ['db', 'db-2', 'db-3'])).toBe('db-4');
  });
});
