import { describe, expect, it } from 'vitest';
import { renderTemplate, SeededRandom, sprigFunctions, TemplateError } from './index';

/**
 * Expected outputs follow sprig's documentation (masterminds.github.io/sprig) and its Go source,
 * printed the way text/template prints the results.
 */
function run(source: string, data: unknown = {}, seed = 1): string {
  return renderTemplate('t', source, data, { functions: sprigFunctions(new SeededRandom(seed)) });
}

function failure(source: string, data: unknown = {}): string {
  try {
    run(source, data);
  } catch (e) {
    if (e instanceof TemplateError) return e.message;
    throw e;
  }
  throw new Error(`expected an error for ${source}`);
}

describe('string functions', () => {
  it.each([
    ['{{ quote "a" 1 .missing }}', '"a" "1"'],
    ['{{ squote "a" 2 }}', "'a' '2'"],
    ['{{ cat "hello" "beautiful" .missing "world" 3 }}', 'hello beautiful world 3'],
    ['{{ indent 2 "a\\nb" }}|{{ nindent 2 "a" }}', '  a\n  b|\n  a'],
    ['{{ replace " " "-" "a b c" }} {{ replace "" "x" "ab" }}', 'a-b-c xaxbx'],
    [
      '{{ trimSuffix "-" "a-" }} {{ trimPrefix "-" "-a" }} {{ trim "  a \\t" }} {{ trimAll "$" "$5.00$" }}',
      'a a a 5.00',
    ],
    [
      '{{ upper "héllo" }} {{ lower "HÉLLO" }} {{ title "hello wide-world" }} {{ untitle "Hello World" }}',
      'HÉLLO héllo Hello Wide-World hello world',
    ],
    [
      '{{ substr 0 5 "hello world" }} {{ substr 6 99 "hello world" }} {{ trunc 5 "hello world" }} {{ trunc -5 "hello world" }}',
      'hello world hello world',
    ],
    [
      '{{ abbrev 5 "hello world" }} {{ abbrev 20 "hello" }} {{ abbrevboth 5 10 "1234 5678 9123" }}',
      'he... hello ...5678...',
    ],
    [
      '{{ repeat 3 "ab" }} {{ nospace "a b\\tc" }} {{ initials "John Doe" }} {{ swapcase "This Is A.Test" }}',
      'ababab abc JD tHIS iS a.tEST',
    ],
    ['{{ contains "cat" "catch" }} {{ hasPrefix "cat" "catch" }} {{ hasSuffix "cat" "catch" }}', 'true true false'],
    ['{{ plural "one" "many" 1 }} {{ plural "one" "many" 2 }}', 'one many'],
    ['{{ wrap 5 "Hello World Foo" }}|{{ wrapWith 5 "\\t" "Hello World" }}', 'Hello\nWorld\nFoo|Hello\tWorld'],
    ['{{ toString 5 }} {{ toString 1.5 }} {{ toStrings (list 1 "a" .missing) }}', '5 1.5 [1 a]'],
  ])('%j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('splits and joins', () => {
    expect(run('{{ split "$" "foo$bar$baz" }} {{ $a := split "$" "foo$bar" }}{{ $a._1 }}')).toBe(
      'map[_0:foo _1:bar _2:baz] bar',
    );
    expect(run('{{ splitList "," "a,b" | join "-" }} {{ splitn "$" 2 "foo$bar$baz" }}')).toBe(
      'a-b map[_0:foo _1:bar$baz]',
    );
    expect(run('{{ join "," (list 1 "a" .missing) }} {{ sortAlpha (list "b" "a" "c") }}')).toBe('1,a [a b c]');
  });

  it('hashes and encodes UTF-8 bytes', () => {
    expect(run('{{ sha256sum "hello" }}')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(run('{{ sha1sum "hello" }}')).toBe('aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d');
    expect(run('{{ adler32sum "hello" }}')).toBe('103547413');
    expect(run('{{ b64enc "héllo" }} {{ b64dec "aMOpbGxv" }} {{ b64dec "!!" }}')).toBe(
      'aMOpbGxv héllo illegal base64 data at input byte 0',
    );
    expect(run('{{ b32enc "hello" }} {{ b32dec "NBSWY3DP" }}')).toBe('NBSWY3DP hello');
  });
});

describe('numbers and conversions', () => {
  it.each([
    ['{{ atoi "42" | printf "%d" }} {{ atoi "x" }} {{ atoi "4.0" }}', '42 0 0'],
    ['{{ add 1 2 "3" }} {{ sub 5 3 }} {{ mul 2 3 4 }} {{ div 7 2 }} {{ mod 7 2 }} {{ add1 5 }}', '6 2 24 3 1 6'],
    ['{{ max 1 5 3 }} {{ min 4 2 8 }} {{ biggest 1 2 }}', '5 2 2'],
    [
      '{{ int "12" }} {{ int 3.9 }} {{ int64 "0x10" }} {{ int "10.00" }} {{ int true }} {{ float64 "1.5" }}',
      '12 3 16 10 1 1.5',
    ],
    [
      '{{ until 3 }} {{ untilStep 1 10 3 }} {{ seq 3 }}|{{ seq 2 -2 }}|{{ seq 0 2 10 }}',
      '[0 1 2] [1 4 7] 1 2 3|2 1 0 -1 -2|0 2 4 6 8 10',
    ],
    [
      '{{ addf 1.1 2.2 }} {{ subf 3.3 1.1 }} {{ mulf 1.1 3 }} {{ divf 10 3 }} {{ add1f 0.1 }}',
      '3.3 2.2 3.3 3.3333333333333335 1.1',
    ],
    ['{{ round 3.14159 2 }} {{ ceil 1.2 }} {{ floor 1.8 }} {{ maxf 1.5 2.5 }} {{ minf 1.5 2.5 }}', '3.14 2 1 2.5 1.5'],
  ])('%j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('fails on integer division by zero as Go panics', () => {
    expect(failure('{{ div 1 0 }}')).toBe(
      'template: t:1:3: executing "t" at <div 1 0>: error calling div: runtime error: integer divide by zero',
    );
  });
});

describe('defaults and flow', () => {
  it.each([
    [
      '{{ default "foo" "" }} {{ default "foo" "bar" }} {{ default "foo" 0 }} {{ default "foo" false }} {{ default "foo" (list) }}',
      'foo bar foo foo foo',
    ],
    ['{{ .missing | default "foo" }} {{ .zero | default 7 }} {{ .set | default 7 }}', 'foo 7 3'],
    [
      '{{ empty "" }} {{ empty 0 }} {{ empty (dict) }} {{ empty "a" }} {{ empty .missing }}',
      'true true true false true',
    ],
    ['{{ coalesce 0 "" "x" }} {{ coalesce 0 "" }}', 'x <no value>'],
    ['{{ ternary "a" "b" true }} {{ false | ternary "a" "b" }}', 'a b'],
    ['{{ all 1 "a" }} {{ all 1 "" }} {{ any 0 "" }} {{ any 0 "x" }}', 'true false false true'],
  ])('%j', (source, expected) => {
    expect(run(source, { zero: 0, set: 3 })).toBe(expected);
  });

  it('fails with the given message', () => {
    expect(failure('a\n{{ if true }}{{ fail "no port" }}{{ end }}')).toBe(
      'template: t:2:16: executing "t" at <fail "no port">: error calling fail: no port',
    );
  });
});

describe('dicts and lists', () => {
  it('builds, reads and changes dicts', () => {
    expect(run('{{ dict "b" 2 "a" 1 "odd" }}')).toBe('map[a:1 b:2 odd:]');
    expect(run('{{ $d := dict "a" 1 }}{{ $_ := set $d "b" 2 }}{{ $_ := unset $d "a" }}{{ $d }}')).toBe('map[b:2]');
    expect(run('{{ get (dict "a" 1) "a" }}|{{ get (dict "a" 1) "b" }}|{{ hasKey (dict "a" 1) "a" }}')).toBe('1||true');
    expect(run('{{ keys (dict "b" 1 "a" 2) }} {{ values (dict "b" 1 "a" 2) }}')).toBe('[a b] [2 1]');
    expect(run('{{ pick (dict "a" 1 "b" 2 "c" 3) "a" "c" }} {{ omit (dict "a" 1 "b" 2) "a" }}')).toBe(
      'map[a:1 c:3] map[b:2]',
    );
    expect(run('{{ pluck "a" (dict "a" 1) (dict "b" 2) (dict "a" 3) }}')).toBe('[1 3]');
  });

  it('digs with keys, then the default, then the map', () => {
    const data = { m: { a: { b: 1, n: null }, s: 'str' } };
    expect(
      run('{{ dig "a" "b" "d" .m }} {{ dig "a" "x" "d" .m }} {{ dig "zz" "y" "d" .m }} {{ dig "a" "n" "d" .m }}', data),
    ).toBe('1 d d <no value>');
    expect(run('{{ dig "a" "d" .missing }}', data)).toBe('d');
    expect(failure('{{ dig "s" "x" "d" .m }}', data)).toBe(
      'template: t:1:3: executing "t" at <dig "s" "x" "d" .m>: error calling dig: interface conversion: interface {} is string, not map[string]interface {}',
    );
    expect(failure('{{ dig "a" .m }}', data)).toMatch(/error calling dig: dig needs at least three arguments$/);
  });

  it('merges deeply into the first dict, left-most winning, and overwrites with mergeOverwrite', () => {
    expect(
      run('{{ $a := dict "x" 1 "n" (dict "p" 1) }}{{ $_ := merge $a (dict "x" 2 "y" 3 "n" (dict "q" 2)) }}{{ $a }}'),
    ).toBe('map[n:map[p:1 q:2] x:1 y:3]');
    expect(run('{{ merge (dict "x" "" "z" 0) (dict "x" "v" "z" 5) (dict "z" 9) }}')).toBe('map[x:v z:5]');
    expect(run('{{ merge (dict "l" (list 1)) (dict "l" (list 2 3) "m" (list 4)) }}')).toBe('map[l:[1] m:[4]]');
    expect(run('{{ merge (dict "a" "keep") (dict "a" (dict "b" 1)) }}')).toBe('map[a:keep]');
    expect(run('{{ mergeOverwrite (dict "a" 1 "b" 2 "n" (dict "p" 1)) (dict "a" 0 "n" (dict "q" 2)) }}')).toBe(
      'map[a:0 b:2 n:map[p:1 q:2]]',
    );
  });

  it('works on lists without changing them', () => {
    expect(run('{{ $l := list 1 2 3 }}{{ append $l 4 }} {{ prepend $l 0 }} {{ $l }}')).toBe(
      '[1 2 3 4] [0 1 2 3] [1 2 3]',
    );
    expect(
      run(
        '{{ first (list 1 2) }} {{ last (list 1 2) }} {{ rest (list 1 2 3) }} {{ initial (list 1 2 3) }} {{ first (list) }}',
      ),
    ).toBe('1 2 [2 3] [1 2] <no value>');
    expect(
      run('{{ reverse (list 1 2 3) }} {{ uniq (list 1 1 2 1) }} {{ without (list 1 2 3 2) 2 }} {{ has 2 (list 1 2) }}'),
    ).toBe('[3 2 1] [1 2] [1 3] true');
    expect(
      run('{{ compact (list 1 "" 0 "a" .missing) }} {{ concat (list 1) (list 2 3) }} {{ chunk 2 (list 1 2 3) }}'),
    ).toBe('[1 a] [1 2 3] [[1 2] [3]]');
    expect(run('{{ slice (list 1 2 3 4) 1 3 }} {{ slice (list 1 2 3) 1 }} {{ slice (list 1 2) }}')).toBe(
      '[2 3] [2 3] [1 2]',
    );
  });

  it('reports list functions used on non-lists as sprig does', () => {
    expect(failure('{{ append "x" 1 }}')).toMatch(/error calling append: Cannot push on type string$/);
    expect(failure('{{ slice "abc" 1 }}')).toMatch(
      /error calling slice: list should be type of slice or array but string$/,
    );
  });
});

describe('JSON', () => {
  const data = { m: { b: '<&>', a: [1, 2.5, null], c: { d: true } } };
  it('sorts keys and escapes HTML characters in toJson, not in toRawJson', () => {
    expect(run('{{ toJson .m }}', data)).toBe('{"a":[1,2.5,null],"b":"\\u003c\\u0026\\u003e","c":{"d":true}}');
    expect(run('{{ toRawJson .m }}', data)).toBe('{"a":[1,2.5,null],"b":"<&>","c":{"d":true}}');
    expect(run('{{ toJson .missing }} {{ toJson "a\\u2028b" }} {{ toJson 1e21 }} {{ toJson 1e-7 }}')).toBe(
      'null "a\\u2028b" 1e+21 1e-7',
    );
  });

  it('indents toPrettyJson as MarshalIndent does', () => {
    expect(run('{{ toPrettyJson .m }}', data)).toBe(
      '{\n  "a": [\n    1,\n    2.5,\n    null\n  ],\n  "b": "\\u003c\\u0026\\u003e",\n  "c": {\n    "d": true\n  }\n}',
    );
    expect(run('{{ toPrettyJson (dict) }} {{ toPrettyJson (list) }}')).toBe('{} []');
  });

  it('decodes JSON, giving nothing on bad input unless must is asked for', () => {
    expect(run('{{ (fromJson "{\\"a\\":[1,2]}").a }} {{ fromJson "{bad" }}')).toBe('[1 2] <no value>');
    expect(failure('{{ mustFromJson "{bad" }}')).toMatch(/error calling mustFromJson: /);
  });
});

describe('regular expressions (Go RE2 rules)', () => {
  it.each([
    [
      '{{ regexMatch "^[a-z]+$" "abc" }} {{ regexMatch "(" "x" }} {{ regexMatch "(?i)^ABC$" "abc" }}',
      'true false true',
    ],
    ['{{ regexFindAll "[2,4,6,8]" "123456789" -1 }} {{ regexFindAll "[2,4,6,8]" "123456789" 2 }}', '[2 4 6 8] [2 4]'],
    ['{{ regexFind "[a-zA-Z][1-9]" "abcd1234" }}', 'd1'],
    [
      '{{ regexReplaceAll "a(x*)b" "-ab-axxb-" "${1}W" }} {{ regexReplaceAllLiteral "a(x*)b" "-ab-axxb-" "${1}" }}',
      '-W-xxW- -${1}-${1}-',
    ],
    ['{{ regexReplaceAll "(?P<first>\\\\w+) (?P<last>\\\\w+)" "Ada Lovelace" "$last, $first" }}', 'Lovelace, Ada'],
    [
      '{{ regexSplit "z+" "pizza" -1 }} {{ regexSplit "z+" "pizza" 1 }} {{ regexQuoteMeta "1.2" }}',
      '[pi a] [pizza] 1\\.2',
    ],
    ['{{ regexFindAll "a*" "baaab" -1 }}|{{ regexReplaceAll "a*" "baaab" "X" }}', '[ aaa ]|XbXbX'],
    ['{{ regexMatch "^/|(/([^/]+))+$" "/api/v1" }} {{ regexMatch "^[a-z0-9_.-]{1,253}$" "Web" }}', 'true false'],
    [
      '{{ regexMatch "a.c" "a\\nc" }} {{ regexMatch "(?s)a.c" "a\\nc" }} {{ regexMatch "^\\\\s$" "\\u00a0" }}',
      'false true false',
    ],
  ])('%j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('matches in linear time, as RE2 does: a pattern that makes a backtracking engine take forever ends at once', () => {
    const evil = 'a'.repeat(5000) + '!';
    expect(run(`{{ regexMatch "^(a+)+$" "${evil}" }} {{ regexFind "(a|aa)+b" "${evil}" }}`)).toBe('false ');
    expect(run(`{{ regexReplaceAll "(x+x+)+y" "${'x'.repeat(5000)}" "-" | len }}`)).toBe('5000');
  });

  it('reads the parts of Go syntax JavaScript lacks, as Go does', () => {
    expect(run('{{ regexFindAll "\\\\Qa.b\\\\E|[[:digit:]]+" "a.b 12 axb" -1 }}')).toBe('[a.b 12]');
    expect(run('{{ regexFind "(?U)a+" "aaa" }} {{ regexReplaceAll "(?<w>b+)" "abbc" "<$w>" }}')).toBe('a a<bb>c');
  });

  it('rejects Perl syntax RE2 lacks', () => {
    expect(failure('{{ mustRegexMatch "a(?=b)" "ab" }}')).toMatch(
      /error parsing regexp: invalid or unsupported Perl syntax/,
    );
    expect(failure('{{ mustRegexMatch "(a)\\\\1" "aa" }}')).toMatch(/error parsing regexp: invalid escape sequence/);
  });
});

describe('reflection and paths', () => {
  it.each([
    [
      '{{ typeOf 1 }} {{ typeOf 1.5 }} {{ typeOf "a" }} {{ typeOf (list) }} {{ typeOf (dict) }} {{ typeOf .missing }}',
      'int float64 string []interface {} map[string]interface {} <nil>',
    ],
    [
      '{{ kindOf (dict) }} {{ kindIs "slice" (list) }} {{ typeIs "int" 2 }} {{ deepEqual (list 1 (dict "a" 2)) (list 1 (dict "a" 2)) }}',
      'map true true true',
    ],
    [
      '{{ base "/a/b.txt" }} {{ dir "/a/b.txt" }} {{ ext "/a/b.tar.gz" }} {{ clean "/a/../b/./c//" }} {{ isAbs "a/b" }} {{ clean "" }}',
      'b.txt /a .gz /b/c false .',
    ],
  ])('%j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });
});

describe('argument types are checked as Go checks them', () => {
  it.each([
    ['{{ indent "2" "x" }}', 'template: t:1:10: executing "t" at <"2">: expected integer; found "2"'],
    [
      '{{ hasKey "x" "y" }}',
      'template: t:1:10: executing "t" at <"x">: can\'t handle "x" for arg of type map[string]interface {}',
    ],
    ['{{ ternary 1 2 "x" }}', 'template: t:1:15: executing "t" at <"x">: expected bool; found "x"'],
    ['{{ 5 | lower }}', 'template: t:1:7: executing "t" at <lower>: wrong type for value; expected string; got int'],
    ['{{ fail 3 }}', 'template: t:1:8: executing "t" at <3>: expected string; found 3'],
  ])('%j', (source, message) => {
    expect(failure(source)).toBe(message);
  });

  it('has no toYaml, as sprig has none', () => {
    expect(() => run('{{ toYaml . }}')).toThrow('template: t:1: function "toYaml" not defined');
  });
});

describe('random functions', () => {
  it('draw from the alphabets sprig uses, at the requested length', () => {
    const out = run('{{ randAlphaNum 40 }} {{ randAlpha 40 }} {{ randNumeric 40 }} {{ randAscii 40 }} {{ uuidv4 }}');
    const [alnum, alpha, numeric, ...rest] = out.split(' ');
    expect(alnum).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(alpha).toMatch(/^[A-Za-z]{40}$/);
    expect(numeric).toMatch(/^[0-9]{40}$/);
    expect(rest.pop()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(run('{{ randAlphaNum 0 }}|{{ randAlphaNum -1 }}')).toBe('|');
  });

  it('repeat for the same seed and differ across seeds', () => {
    const t = '{{ randAlphaNum 16 }} {{ uuidv4 }} {{ randInt 1 100 }} {{ shuffle "abcdef" }}';
    expect(run(t, {}, 42)).toBe(run(t, {}, 42));
    expect(run(t, {}, 42)).not.toBe(run(t, {}, 43));
  });

  it('SeededRandom.nextInt stays in range and is uniform enough', () => {
    const r = new SeededRandom(9);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      const k = r.nextInt(3);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(() => r.nextInt(0)).toThrow(RangeError);
  });
});
