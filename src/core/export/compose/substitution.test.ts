import { describe, expect, it } from 'vitest';
import { lookupInOutputs } from '../../provisioners/lookup';
import { buildResolver, deferred, escapeDollars, immediate, substituteString, substituteValue } from './substitution';

describe('escapeDollars (command and args)', () => {
  it('doubles $ before names and braces', () => {
    const cases: Array<[string, string]> = [
      ['$A', '$$A'],
      ['${VARIABLE}', '$${VARIABLE}'],
      ['PREFIX-$VAR', 'PREFIX-$$VAR'],
      ['PREFIX_${VARIABLE}', 'PREFIX_$${VARIABLE}'],
      ['PREFIX(${VARIABLE})', 'PREFIX($${VARIABLE})'],
      ['echo hello $A ${B} $C world', 'echo hello $$A $${B} $$C world'],
      ['echo hello $A${B}$C world', 'echo hello $$A$${B}$$C world'],
      ['$${ALREADY}', '$${ALREADY}'],
    ];
    for (const [input, output] of cases) expect(escapeDollars(input)).toBe(output);
  });

  it('keeps the quirk: a $ after a single leading character or after two spaces stays single', () => {
    expect(escapeDollars(' $A')).toBe(' $A');
    expect(escapeDollars('a$B')).toBe('a$B');
    expect(escapeDollars('x  $A')).toBe('x  $A');
  });
});

describe('placeholder resolution', () => {
  const env = () => ({ deferredEnv: { variable: 'NAME', required: false } }) as const;
  const resolver = buildResolver(
    { name: 'web', annotations: { 'a.b/c': 'x' }, tags: ['one'] },
    {
      db: lookupInOutputs({ port: 5432, host: 'pg', nested: { k: 'v' } }),
      env: (keys) => (keys.length === 1 ? env() : { error: 'environment resource only supports a single lookup key' }),
    },
  );

  it('reads metadata and outputs; non-strings are JSON', () => {
    expect(substituteString('${metadata.name}:${resources.db.port}', resolver)).toEqual({ text: 'web:5432' });
    expect(substituteString('${resources.db.nested}', resolver)).toEqual({ text: '{"k":"v"}' });
    expect(substituteString('${metadata.annotations.a\\.b/c}', resolver)).toEqual({ text: 'x' });
  });

  it('words errors as score-go does, joined by newlines', () => {
    expect(substituteString('${resources.db.user}', resolver)).toEqual({
      error: "invalid ref 'resources.db.user': key 'user' not found",
    });
    expect(substituteString('${nope.x} ${resources.x.y}', resolver)).toEqual({
      error:
        "invalid ref 'nope.x': unknown reference root, use $$ to escape the substitution\ninvalid ref 'resources.x.y': no known resource 'x'",
    });
    expect(substituteString('${metadata.name.first}', resolver)).toEqual({
      error: "invalid ref 'metadata.name.first': cannot lookup key 'first', context is not a map",
    });
  });

  it('defers environment variables in compose variables, resolves them elsewhere', () => {
    expect(substituteString('${resources.env.NAME}', deferred(resolver))).toEqual({ text: '${NAME}' });
    expect(substituteString('${resources.env.NAME}', immediate(resolver, { NAME: 'Bob' }))).toEqual({ text: 'Bob' });
    expect(substituteString('${resources.env.NAME}', immediate(resolver, {}))).toEqual({
      error: "invalid ref 'resources.env.NAME': environment variable 'NAME' must be resolved",
    });
  });

  it('unescapes $$ by default, keeps it for compose variables', () => {
    expect(substituteString('$$_$${fizz} ${metadata.name}', resolver)).toEqual({ text: '$_${fizz} web' });
    expect(substituteString('$$_$${fizz} ${metadata.name}', resolver, true)).toEqual({ text: '$$_$${fizz} web' });
  });

  it('prefixes errors in maps and lists with the key or index', () => {
    expect(substituteValue({ a: ['ok', '${resources.db.nope}'] }, resolver)).toEqual({
      error: "a: 1: invalid ref 'resources.db.nope': key 'nope' not found",
    });
  });
});
