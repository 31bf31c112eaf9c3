import { describe, expect, it } from 'vitest';
import { applyOverrideProperty, parseDotPath } from './overrides';

const spec = () => ({ containers: { web: { image: 'nginx', args: ['a', 'b'] } }, metadata: { name: 'w' } });

describe('--override-property', () => {
  it('splits paths on dots, with \\. for a dot in a key', () => {
    expect(parseDotPath('metadata.annotations.a\\.b/c')).toEqual(['metadata', 'annotations', 'a.b/c']);
  });

  it('sets a YAML-decoded value, creating maps on the way', () => {
    const out = applyOverrideProperty(spec(), 'containers.web.variables.DEBUG="true"');
    expect(out).toEqual({
      value: { ...spec(), containers: { web: { ...spec().containers.web, variables: { DEBUG: 'true' } } } },
    });
  });

  it('deletes with an empty value and appends with index -1', () => {
    const deleted = applyOverrideProperty(spec(), 'containers.web.image=');
    expect(
      'value' in deleted && (deleted.value.containers as Record<string, Record<string, unknown>>).web!.image,
    ).toBeUndefined();
    const appended = applyOverrideProperty(spec(), 'containers.web.args.-1=c');
    expect('value' in appended && (appended.value.containers as { web: { args: string[] } }).web.args).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('reports bad entries as score-compose does', () => {
    expect(applyOverrideProperty(spec(), 'nothing')).toEqual({
      error: "--override-property 'nothing' is invalid, expected a =-separated path and value",
    });
    expect(applyOverrideProperty(spec(), 'metadata.name.x=1')).toEqual({
      error:
        "--override-property 'metadata.name.x=1' could not be applied: metadata: name: cannot set path in non-map/non-array",
    });
    expect(applyOverrideProperty(spec(), 'containers.web.args.9=x')).toEqual({
      error:
        "--override-property 'containers.web.args.9=x' could not be applied: containers: web: args: cannot set '9' in array: out of range",
    });
  });
});
