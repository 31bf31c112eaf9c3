import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUnterminatedPlaceholder,
  parseReference,
  renameInPlaceholders,
  renameResourceInPlaceholders,
  resolvePlaceholders,
  scanPlaceholders,
} from './placeholder-syntax';

const contents = (s: string) => scanPlaceholders(s).map((t) => t.content);
/** Substitutes every placeholder with its parts joined by '|', as a visible stand-in for a lookup. */
const substitute = (s: string) => resolvePlaceholders(s, (parts) => `<${parts.join('|')}>`).text;

describe('scanPlaceholders', () => {
  it('finds ${…} with offsets and raw text', () => {
    const s = 'url=${resources.db.host}:${resources.db.port}';
    const tokens = scanPlaceholders(s);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toEqual({ start: 4, end: 24, raw: '${resources.db.host}', content: 'resources.db.host' });
    expect(s.slice(tokens[1]!.start, tokens[1]!.end)).toBe('${resources.db.port}');
  });

  it('treats $${x} as an escape and $$ as a dollar', () => {
    expect(contents('$${a.b}')).toEqual([]);
    expect(contents('$$${a.b}')).toEqual(['a.b']);
    expect(contents('$$$${a.b}')).toEqual([]);
    expect(contents('$$$$${a.b}')).toEqual(['a.b']);
    expect(contents('cost: $$5 ${a.b}')).toEqual(['a.b']);
  });

  it('ends the content at the first } (no nesting)', () => {
    expect(contents('${a.${b.c}}')).toEqual(['a.${b.c']);
    expect(contents('${}')).toEqual(['']);
  });

  it('yields nothing for an unterminated ${ and keeps scanning after a closed one', () => {
    expect(contents('${a.b')).toEqual([]);
    expect(contents('${a.b} then ${c.d')).toEqual(['a.b']);
    expect(contents('$a $ {a.b}')).toEqual([]);
  });

  it('reports where an unterminated ${ starts', () => {
    expect(findUnterminatedPlaceholder('${a.b} ${oops')).toBe(7);
    expect(findUnterminatedPlaceholder('${a.b} }')).toBe(-1);
    expect(findUnterminatedPlaceholder('$${not-a-placeholder')).toBe(-1);
    expect(findUnterminatedPlaceholder('plain')).toBe(-1);
  });

  it('stays linear on hostile input', () => {
    const hostile = '${'.repeat(200_000);
    const t0 = Date.now();
    expect(scanPlaceholders(hostile)).toEqual([]);
    expect(findUnterminatedPlaceholder(hostile)).toBe(0);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});

describe('parseReference', () => {
  it('splits on dots and keeps \\. inside a part', () => {
    expect(parseReference('resources.db.host')).toEqual(['resources', 'db', 'host']);
    expect(parseReference('metadata.annotations.key\\.com/foo')).toEqual(['metadata', 'annotations', 'key.com/foo']);
    expect(parseReference('resources')).toEqual(['resources']);
    expect(parseReference('')).toEqual(['']);
    expect(parseReference('a..b')).toEqual(['a', '', 'b']);
  });
});

describe('resolvePlaceholders', () => {
  it('un-escapes as score-go does', () => {
    expect(substitute('$$')).toBe('$');
    expect(substitute('$${abc}')).toBe('${abc}');
    expect(substitute('$$${a.b}')).toBe('$<a|b>');
    expect(substitute('$$$${abc}')).toBe('$${abc}');
    expect(substitute('$abc and $')).toBe('$abc and $');
    expect(substitute('x${a.b\\.c}y')).toBe('x<a|b.c>y');
  });

  it('leaves what the lookup cannot resolve as written, and lists it', () => {
    const result = resolvePlaceholders('${metadata.name}-${resources.nope.x}', (parts) =>
      parts[0] === 'metadata' ? 'web' : undefined,
    );
    expect(result.text).toBe('web-${resources.nope.x}');
    expect(result.unresolved.map((t) => t.content)).toEqual(['resources.nope.x']);
  });

  it('is the identity when no $ is present', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('$')),
        (s) => substitute(s) === s,
      ),
    );
  });
});

describe('renameResourceInPlaceholders', () => {
  it('renames only references to that resource and leaves the rest byte-identical', () => {
    const before = '$${resources.db.x} ${resources.db.host}:${resources.dbx.port} ${resources.db} ${metadata.db}';
    expect(renameResourceInPlaceholders(before, 'db', 'main-db')).toBe(
      '$${resources.db.x} ${resources.main-db.host}:${resources.dbx.port} ${resources.main-db} ${metadata.db}',
    );
    expect(renameResourceInPlaceholders('no refs', 'db', 'x')).toBe('no refs');
  });

  it('round-trips', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    fc.assert(
      fc.property(name, name, fc.string(), (from, to, noise) => {
        fc.pre(from !== to && !noise.includes(from) && !noise.includes(to));
        const s = `${noise}\${resources.${from}.host}${noise}`;
        return renameResourceInPlaceholders(renameResourceInPlaceholders(s, from, to), to, from) === s;
      }),
    );
  });
});

describe('renameInPlaceholders', () => {
  it('renames the one part of a metadata reference at its depth, escapes and other references kept', () => {
    const before =
      '${metadata.owner.email} ${metadata.email} ${metadata.owner.email.x} $${metadata.owner.email} ${metadata.owner} ${metadata.own\\.er.email}';
    expect(renameInPlaceholders(before, ['metadata', 'owner'], 'email', 'mail')).toBe(
      '${metadata.owner.mail} ${metadata.email} ${metadata.owner.mail.x} $${metadata.owner.email} ${metadata.owner} ${metadata.own\\.er.email}',
    );
    expect(renameInPlaceholders('${metadata.team}', ['metadata'], 'team', 'squad')).toBe('${metadata.squad}');
  });

  it('escapes a dot in the new name and finds a part written with one', () => {
    expect(renameInPlaceholders('${metadata.a\\.b.c}', ['metadata'], 'a.b', 'x')).toBe('${metadata.x.c}');
    expect(renameInPlaceholders('${metadata.x}', ['metadata'], 'x', 'a.b')).toBe('${metadata.a\\.b}');
  });
});

/** The text the located offsets point at. */
describe('placeholders remembered by string', () => {
  it('answer the same for a string seen before, past the bound of strings kept, and for long strings', () => {
    const value = 'postgres://${resources.db.user}@${resources.db.host}:$${literal} ${open';
    const first = scanPlaceholders(value).map((t) => ({ ...t }));
    for (let i = 0; i < 12_000; i++) scanPlaceholders(`\${resources.r${i}.host}`);
    expect(scanPlaceholders(value)).toEqual(first);
    expect(findUnterminatedPlaceholder(value)).toBe(value.lastIndexOf('${open'));
    const long = 'x'.repeat(5_000) + value;
    expect(scanPlaceholders(long).map((t) => t.start - 5_000)).toEqual(first.map((t) => t.start));
    expect(scanPlaceholders(long)).not.toBe(scanPlaceholders(long));
  });
});
