import { describe, expect, it } from 'vitest';
import { executeTemplate, parseTemplate, renderTemplate, SeededRandom, sprigFunctions, TemplateError } from './index';
import type { TemplateOptions } from './index';

/** Expected outputs follow Go's documented text/template behaviour (pkg.go.dev/text/template). */
const sprig = sprigFunctions(new SeededRandom(1));

function run(source: string, data: unknown = {}, options: TemplateOptions = { functions: sprig }): string {
  return renderTemplate('t', source, data, options);
}

function execError(source: string, data: unknown = {}, options: TemplateOptions = { functions: sprig }): string {
  try {
    run(source, data, options);
  } catch (e) {
    if (e instanceof TemplateError) {
      expect(e.phase).toBe('execute');
      return e.message;
    }
    throw e;
  }
  throw new Error(`expected an execution error for ${JSON.stringify(source)}`);
}

describe('text, trim markers and comments', () => {
  it.each([
    ['a  {{- 1 -}}  b', 'a1b'],
    ['a {{- 1}} b', 'a1 b'],
    ['a {{1 -}} b', 'a 1b'],
    ['x\n\t {{- /* note */ -}} \n y', 'xy'],
    ['a{{/* note */}}b', 'ab'],
    ['{{-3}}', '-3'],
    ['{{ -3 }}', '-3'],
    ['x\n{{-\n3}}', 'x3'],
    ['{{3 -}}\n\n  y', '3y'],
    ['{{ "a" }}\n{{ "b" }}', 'a\nb'],
    ['plain text only', 'plain text only'],
  ])('%j → %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });
});

describe('literals', () => {
  it.each([
    ['{{ "a\\tb" }}', 'a\tb'],
    ['{{ `a\\nb` }}', 'a\\nb'],
    ["{{ 'a' }}", '97'],
    ['{{ printf "%c" \'\\n\' }}', '\n'],
    ['{{ 0x1F }} {{ 0o17 }} {{ 017 }} {{ 0b101 }} {{ 1_000 }}', '31 15 15 5 1000'],
    ['{{ 1e3 }} {{ 1.5 }} {{ -2.25 }} {{ 0x1E }} {{ -0x10 }}', '1000 1.5 -2.25 30 -16'],
    ['{{ true }} {{ false }}', 'true false'],
    ['{{ "\\u00e9\\x41" }}', 'éA'],
  ])('%j → %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('refuses nil as a command', () => {
    expect(execError('{{ nil }}')).toBe('template: t:1:3: executing "t" at <nil>: nil is not a command');
  });
});

describe('printing values like fmt.Print', () => {
  const data = {
    m: { b: 2, a: 1 },
    l: ['a', 'b'],
    nested: { a: [1, { x: null }], e: {} },
    n: null,
    f: 1.5,
    big: 1234567.5,
    tiny: 0.000001,
    t: true,
  };
  it.each([
    ['{{ .m }}', 'map[a:1 b:2]'],
    ['{{ .l }}', '[a b]'],
    ['{{ .nested }}', 'map[a:[1 map[x:<nil>]] e:map[]]'],
    ['{{ .nope }}', '<no value>'],
    ['{{ .n }}', '<no value>'],
    ['{{ print .nope }} {{ print .n }}', '<nil> <nil>'],
    ['{{ .f }} {{ .big }} {{ .tiny }} {{ .t }}', '1.5 1.2345675e+06 1e-06 true'],
    ['{{ print 1 2 "a" 3 "b" "c" }}', '1 2a3bc'],
    ['{{ println 1 "a" }}', '1 a\n'],
    [
      '{{ $ }}',
      'map[big:1.2345675e+06 f:1.5 l:[a b] m:map[a:1 b:2] n:<nil> nested:map[a:[1 map[x:<nil>]] e:map[]] t:true tiny:1e-06]',
    ],
  ])('%j → %j', (source, expected) => {
    expect(run(source, data)).toBe(expected);
  });

  it('prints the data root itself, including no data at all', () => {
    expect(run('{{ . }}', 5)).toBe('5');
    expect(run('{{ . }}', null)).toBe('<no value>');
    expect(run('{{ .x }}', null)).toBe('<no value>');
  });
});

describe('fields and missing keys', () => {
  const data = { A: { B: 'x' }, s: 'abc', n: null, list: [null] };
  it('follows field chains through maps', () => {
    expect(run('{{ .A.B }}|{{ .A.Missing }}|{{ .Missing.B }}', data)).toBe('x|<no value>|<no value>');
  });

  it('treats missing keys as false in conditions', () => {
    expect(run('{{ if .Missing }}yes{{ else }}no{{ end }}', data)).toBe('no');
  });

  it('fails through a nil entry, at the position of the second field', () => {
    expect(execError('{{ .n.x }}', data)).toBe(
      'template: t:1:5: executing "t" at <.n.x>: nil pointer evaluating interface {}.x',
    );
    expect(execError('{{ range .list }}{{ .x }}{{ end }}', data)).toBe(
      'template: t:1:20: executing "t" at <.x>: nil pointer evaluating interface {}.x',
    );
  });

  it('names the type it cannot take a field of', () => {
    expect(execError('{{ .s.x }}', data)).toBe(
      'template: t:1:5: executing "t" at <.s.x>: can\'t evaluate field x in type interface {}',
    );
    expect(execError('{{ $v := "a" }}{{ $v.y }}', data)).toBe(
      'template: t:1:20: executing "t" at <$v.y>: can\'t evaluate field y in type string',
    );
    expect(execError('{{ .A "arg" }}', data)).toBe(
      'template: t:1:3: executing "t" at <.A>: A is not a method but has arguments',
    );
  });

  it('honours missingkey=error', () => {
    const options: TemplateOptions = { missingKey: 'error' };
    expect(execError('{{.Missing}}', data, options)).toBe(
      'template: t:1:2: executing "t" at <.Missing>: map has no entry for key "Missing"',
    );
    expect(execError('{{.Nope.B}}', data, options)).toBe(
      'template: t:1:7: executing "t" at <.Nope.B>: map has no entry for key "Nope"',
    );
    expect(run('{{ .A.B }}', data, options)).toBe('x');
  });

  it('honours missingkey=zero (nil for interface{} maps, so it still prints <no value>)', () => {
    const options: TemplateOptions = { missingKey: 'zero' };
    expect(run('{{ .Missing }}', data, options)).toBe('<no value>');
    expect(execError('{{ .Missing.B }}', data, options)).toBe(
      'template: t:1:11: executing "t" at <.Missing.B>: nil pointer evaluating interface {}.B',
    );
  });

  it('evaluates chained fields on parenthesised results', () => {
    const d = { M: { a: { b: 'deep' } } };
    expect(run('{{ (index .M "a").b }} {{ (.M).a.b }} {{ (index .M "zz").b }}', d)).toBe('deep deep <no value>');
  });
});

describe('variables', () => {
  it.each([
    ['{{ $x := 1 }}{{ $x }}', '1'],
    ['{{ $x := 1 }}{{ if true }}{{ $x = 2 }}{{ end }}{{ $x }}', '2'],
    ['{{ $x := 1 }}{{ if true }}{{ $x := 2 }}{{ $x }}{{ end }}{{ $x }}', '21'],
    ['{{ with $y := 5 }}{{ $y }}{{ . }}{{ end }}', '55'],
    ['{{ range $i, $v := .L }}{{ $i }}={{ $v }} {{ end }}', '0=a 1=b '],
    ['{{ range $v := .L }}{{ $v }}{{ end }}', 'ab'],
    ['{{ range .L }}{{ $.Name }}{{ . }}{{ end }}', 'nanb'],
    ['{{ $i := 0 }}{{ $v := "" }}{{ range $i, $v = .L }}{{ end }}{{ $i }}{{ $v }}', '1b'],
  ])('%j → %j', (source, expected) => {
    expect(run(source, { L: ['a', 'b'], Name: 'n' })).toBe(expected);
  });
});

describe('if, with, range', () => {
  it.each([
    [0, 'no'],
    ['', 'no'],
    [[], 'no'],
    [{}, 'no'],
    [false, 'no'],
    [null, 'no'],
    [1, 'yes'],
    [-1.5, 'yes'],
    ['a', 'yes'],
    [[0], 'yes'],
    [{ a: 0 }, 'yes'],
    [true, 'yes'],
  ])('truth of %j is %s', (v, expected) => {
    expect(run('{{ if .v }}yes{{ else }}no{{ end }}', { v })).toBe(expected);
  });

  it('chains else if and else with', () => {
    const t = '{{ if eq .N 1 }}one{{ else if eq .N 2 }}two{{ else }}many{{ end }}';
    expect([1, 2, 3].map((N) => run(t, { N }))).toEqual(['one', 'two', 'many']);
    const w = '{{ with .A }}a={{ . }}{{ else with .B }}b={{ . }}{{ else }}none{{ end }}';
    expect(run(w, { A: 1, B: 2 })).toBe('a=1');
    expect(run(w, { B: 2 })).toBe('b=2');
    expect(run(w, {})).toBe('none');
  });

  it('ranges over maps in sorted key order', () => {
    expect(run('{{ range $k, $v := . }}{{ $k }}{{ $v }}{{ end }}', { c: 3, a: 1, b: 2, B: 0 })).toBe('B0a1b2c3');
  });

  it('runs else for an empty or missing collection', () => {
    const t = '{{ range .x }}{{ . }}{{ else }}empty{{ end }}';
    expect([[], {}, undefined, null].map((x) => run(t, { x }))).toEqual(['empty', 'empty', 'empty', 'empty']);
  });

  it('supports break and continue', () => {
    const t = '{{ range . }}{{ if eq . 3 }}{{ continue }}{{ end }}{{ if eq . 5 }}{{ break }}{{ end }}{{ . }}{{ end }}';
    expect(run(t, [1, 2, 3, 4, 5, 6])).toBe('124');
  });

  it('ranges over an integer (Go 1.22)', () => {
    expect(
      run('{{ range 3 }}{{ . }}{{ end }}|{{ range $i := 2 }}{{ $i }}{{ end }}|{{ range 0 }}x{{ else }}none{{ end }}'),
    ).toBe('012|01|none');
    expect(execError('{{ range $i, $v := 3 }}{{ end }}')).toBe(
      'template: t:1:19: executing "t" at <3>: can\'t use 3 to iterate over more than one variable',
    );
  });

  it('refuses to range over a string', () => {
    expect(execError('{{ range .s }}{{ end }}', { s: 'abc' })).toBe(
      'template: t:1:9: executing "t" at <.s>: range can\'t iterate over abc',
    );
  });
});

describe('builtin functions', () => {
  const data = { L: [5, 6], M: { a: 1 }, N: { a: { b: 2 } } };
  it.each([
    ['{{ and 1 0 "x" }}|{{ and 1 "x" }}|{{ or 0 "" "y" }}|{{ or 0 "" }}|{{ not 0 }}', '0|x|y||true'],
    ['{{ or true (fail "evaluated") }} {{ and false (fail "evaluated") }}', 'true false'],
    [
      '{{ eq 1 1 }} {{ eq "a" "b" "a" }} {{ eq 1 2 }} {{ eq .missing "x" }} {{ eq .missing nil }}',
      'true true false false true',
    ],
    [
      '{{ ne 1 2 }} {{ lt 1 2 }} {{ lt "a" "b" }} {{ le 2 2 }} {{ gt 3 2 }} {{ ge 2 3 }} {{ eq 1.5 1.5 }}',
      'true true true true true false true',
    ],
    ['{{ len "héllo" }} {{ len .L }} {{ len .M }}', '6 2 1'],
    [
      '{{ index .L 1 }} {{ index .M "a" }} {{ index .M "zz" }} {{ index .N "a" "b" }} {{ index "abc" 1 }}',
      '6 1 <no value> 2 98',
    ],
    ['{{ slice "abcdef" 1 3 }} {{ slice .L 1 }} {{ slice .L }}', 'bc [6] [5 6]'],
    ['{{ html "<a href=\'x\'>&</a>" }}', '&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;'],
    ['{{ js "a\'b\\"<>=" }}', 'a\\\'b\\"\\u003C\\u003E\\u003D'],
    ['{{ urlquery "a b&c=d/é" }} {{ html .missing }}', 'a+b%26c%3Dd%2F%C3%A9 &lt;no value&gt;'],
    ['{{ "x" | printf "%s-%s" "y" }} {{ .L | len }} {{ print (len .L) (printf "%03d" 7) }}', 'y-x 2 2007'],
  ])('%j', (source, expected) => {
    // Builtins only: sprig's slice would shadow the builtin one, as it does in score-compose.
    expect(
      run(source, data, { functions: { fail: sprig.fail as NonNullable<TemplateOptions['functions']>[string] } }),
    ).toBe(expected);
  });

  it.each([
    [
      '{{ eq 1 "1" }}',
      'template: t:1:3: executing "t" at <eq 1 "1">: error calling eq: incompatible types for comparison: int and string',
    ],
    [
      '{{ eq 1 1.5 }}',
      'template: t:1:3: executing "t" at <eq 1 1.5>: error calling eq: incompatible types for comparison: int and float64',
    ],
    [
      '{{ lt true false }}',
      'template: t:1:3: executing "t" at <lt true false>: error calling lt: invalid type for comparison',
    ],
    [
      '{{ eq .L .L }}',
      'template: t:1:3: executing "t" at <eq .L .L>: error calling eq: non-comparable type [5 6]: []interface {}',
    ],
    ['{{ len 3 }}', 'template: t:1:3: executing "t" at <len 3>: error calling len: len of type int'],
    ['{{ index .L 5 }}', 'template: t:1:3: executing "t" at <index .L 5>: error calling index: index out of range: 5'],
    [
      '{{ index .missing "x" }}',
      'template: t:1:3: executing "t" at <index .missing "x">: error calling index: index of untyped nil',
    ],
    [
      '{{ index .M 1 }}',
      'template: t:1:3: executing "t" at <index .M 1>: error calling index: value has type int; should be string',
    ],
    ['{{ len }}', 'template: t:1:3: executing "t" at <len>: wrong number of args for len: want 1 got 0'],
    [
      '{{ printf }}',
      'template: t:1:3: executing "t" at <printf>: wrong number of args for printf: want at least 1 got 0',
    ],
    ['{{ printf 5 }}', 'template: t:1:10: executing "t" at <5>: expected string; found 5'],
    ['{{ 1 2 }}', 'template: t:1:3: executing "t" at <1>: can\'t give argument to non-function 1'],
    ['{{ "x" | .M }}', 'template: t:1:9: executing "t" at <.M>: M is not a method but has arguments'],
  ])('%j fails', (source, message) => {
    expect(execError(source, data, {})).toBe(message);
  });

  it('reports an unknown function at execution when the parse did not check names', () => {
    const tpl = parseTemplate('t', 'a\n  {{ nosuch }}');
    expect(() => executeTemplate(tpl, {})).toThrow(
      'template: t:2:5: executing "t" at <nosuch>: "nosuch" is not a defined function',
    );
  });

  it('never mistakes Object.prototype members for keywords, functions or keys', () => {
    expect(run('{{ .constructor }} {{ .toString }} {{ index . "valueOf" }}', {})).toBe(
      '<no value> <no value> <no value>',
    );
    expect(() => run('{{ toString 1 }}', {}, {})).toThrow('template: t:1: function "toString" not defined');
    const tpl = parseTemplate('t', '{{ hasOwnProperty }}');
    expect(() => executeTemplate(tpl, {})).toThrow('"hasOwnProperty" is not a defined function');
  });

  it('lets user functions shadow builtins, as Go does', () => {
    expect(run('{{ len "abc" }}', {}, { functions: { len: () => 'mine' } })).toBe('mine');
  });
});

describe('define, template and block', () => {
  it('calls defined templates with a new dot and no outer variables', () => {
    expect(run('{{ define "t1" }}[{{ . }}]{{ end }}{{ template "t1" .X }}{{ template "t1" }}', { X: 5 })).toBe(
      '[5][<no value>]',
    );
    expect(() => parseTemplate('t', '{{ $x := 1 }}{{ define "d" }}{{ $x }}{{ end }}')).toThrow(
      'undefined variable "$x"',
    );
  });

  it('runs a block in place as its own default definition', () => {
    expect(run('{{ block "b" . }}default {{ .X }}{{ end }}', { X: 5 })).toBe('default 5');
  });

  it('reports a missing template and errors inside a defined template under its name', () => {
    expect(execError('{{ template "nope" }}')).toBe(
      'template: t:1:12: executing "t" at <{{template "nope"}}>: template "nope" not defined',
    );
    expect(execError('{{ define "inner" }}{{ .x.y }}{{ end }}{{ template "inner" .D }}', { D: { x: null } })).toBe(
      'template: t:1:25: executing "inner" at <.x.y>: nil pointer evaluating interface {}.y',
    );
  });

  it('stops runaway recursion with an error instead of overflowing the stack', () => {
    expect(execError('{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}')).toMatch(
      /exceeded maximum template depth \(\d+\)$/,
    );
  });
});

describe('budgets: a hostile template ends with a clear error', () => {
  it.each([
    [
      '{{ repeat 50000000 "a" | sha256sum }}',
      /at <repeat 50000000 "a">: error calling repeat: the result would hold 50,000,000 characters; a template may build at most 4,194,304/,
    ],
    [
      '{{ range until 1000000000 }}x{{ end }}',
      /at <until 1000000000>: error calling until: the result would hold 1,000,000,000 items/,
    ],
    ['{{ seq 100000000 }}', /error calling seq: the result would hold 100,000,000 items/],
    [
      '{{ randAlphaNum 100000000 | trunc 5 }}',
      /error calling randAlphaNum: the result would hold 100,000,000 characters/,
    ],
    ['{{ randBytes 100000000 }}', /error calling randBytes: the result would hold/],
    ['{{ indent 5000000 "a" }}', /error calling indent: the result would hold 5,000,001 characters/],
    [
      '{{ $x := "ab" }}{{ range until 100 }}{{ $x = print $x $x }}{{ end }}',
      /at <print \$x \$x>: error calling print: the result holds 8,388,608 characters/,
    ],
    [
      '{{ range until 1000000 }}{{ end }}',
      /t:1:15: executing "t" at <1000000>: the template ran more than 1,000,000 steps/,
    ],
    ['{{ range until 1000 }}{{ range until 1000 }}{{ end }}{{ end }}', /ran more than 1,000,000 steps/],
    ['{{ range until 900000 }}{{ repeat 5 "a" }}{{ end }}', /ran more than 1,000,000 steps/],
    ['{{ range until 1000 }}{{ repeat 5000 "a" }}{{ end }}', /the output passed 4,194,304 characters/],
  ])('%s', (source, message) => {
    expect(execError(source)).toMatch(message);
  });

  it('refuses 2,000 nested {{if}} at parse time with a template error, not a stack overflow', () => {
    const deep = '{{ if true }}'.repeat(2000) + 'x' + '{{ end }}'.repeat(2000);
    expect(() => run(deep)).toThrow(
      /^template: t:1: \{\{if\}\}, \{\{range\}\} and \{\{with\}\} nest more than 250 levels deep/,
    );
    const fine = '{{ if true }}'.repeat(250) + 'x' + '{{ end }}'.repeat(250);
    expect(run(fine)).toBe('x');
  });
});

describe('execution error locations', () => {
  it('points at the command with line and byte column, like score-compose prints them', () => {
    expect(execError('{{ fail "boom" }}')).toBe(
      'template: t:1:3: executing "t" at <fail "boom">: error calling fail: boom',
    );
    expect(execError('é{{ fail "x" }}')).toMatch(/^template: t:1:5: /);
    expect(execError('one\ntwo {{ if true }}\n   {{ fail "deep" }}{{ end }}')).toMatch(/^template: t:3:6: /);
  });

  it('reports where a piped value has the wrong type', () => {
    expect(execError('{{ 5 | upper }}')).toBe(
      'template: t:1:7: executing "t" at <upper>: wrong type for value; expected string; got int',
    );
    expect(execError('{{ .missing | upper }}')).toBe(
      'template: t:1:14: executing "t" at <upper>: invalid value; expected string',
    );
    expect(execError('{{ upper 5 }}')).toBe('template: t:1:9: executing "t" at <5>: expected string; found 5');
  });

  it('carries line and column on the error object', () => {
    try {
      run('a\n {{ fail "x" }}');
    } catch (e) {
      expect(e).toBeInstanceOf(TemplateError);
      expect((e as TemplateError).line).toBe(2);
      expect((e as TemplateError).column).toBe(4);
    }
    expect.assertions(3);
  });
});
