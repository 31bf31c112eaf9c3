import { describe, expect, it } from 'vitest';
import { nodeString } from './parse/ast';
import { BUILTIN_NAMES, parseTemplate, TemplateError } from './index';

/** Expected texts are Go's own (text/template/parse), e.g. from parse_test.go's error cases. */
function parseError(source: string, functions?: string[]): TemplateError {
  try {
    parseTemplate('t', source, functions ? { functions } : {});
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
  throw new Error(`expected a parse error for ${JSON.stringify(source)}`);
}

describe('parse errors use Go wording and lines', () => {
  const cases: [string, string][] = [
    ['{{.Foo', 'template: t:1: unclosed action'],
    ['{{if .X}}a', 'template: t:1: unexpected EOF'],
    ['a\nb\n{{if .X}}\nc', 'template: t:4: unexpected EOF'],
    ['{{end}}', 'template: t:1: unexpected {{end}}'],
    ['{{else}}', 'template: t:1: unexpected {{else}}'],
    ['{{$x}}', 'template: t:1: undefined variable "$x"'],
    ['{{range $i, $e := .}}{{end}}{{$i}}', 'template: t:1: undefined variable "$i"'],
    ['{{break}}', 'template: t:1: {{break}} outside {{range}}'],
    ['{{range .}}{{continue 1}}{{end}}', 'template: t:1: unexpected "1" in {{continue}}'],
    ['{{range .}}{{else}}{{else}}{{end}}', 'template: t:1: expected end; found {{else}}'],
    ['{{ }}', 'template: t:1: missing value for command'],
    ['{{if}}{{end}}', 'template: t:1: missing value for if'],
    ['{{ .A | "x" }}', 'template: t:1: non executable command in pipeline stage 2'],
    ['{{/* unclosed', 'template: t:1: unclosed comment'],
    ['{{/* c */ .X}}', 'template: t:1: comment ends before closing delimiter'],
    ['{{ "abc }}', 'template: t:1: unterminated quoted string'],
    ['{{ `abc }}', 'template: t:1: unterminated raw quoted string'],
    ["{{ 'a }}", 'template: t:1: unterminated character constant'],
    ['{{ 3x }}', 'template: t:1: bad number syntax: "3x"'],
    ['{{ ) }}', 'template: t:1: unexpected right paren'],
    ['{{ (.A }}', 'template: t:1: unclosed left paren'],
    ['{{ .A\n .B', 'template: t:2: unclosed action started at t:1'],
    ['{{ "x".y }}', 'template: t:1: unexpected . after term "\\"x\\""'],
    ['{{range $i, $v, $w := .}}{{end}}', 'template: t:1: too many declarations in range'],
    ['{{ $x, $y := 1 }}', 'template: t:1: too many declarations in command'],
    ['{{range $i, 3 := .}}{{end}}', 'template: t:1: range can only initialize variables'],
    ["{{ 'ab' }}", "template: t:1: malformed character constant: 'ab'"],
    ['{{ 99999999999999999999 }}', 'template: t:1: integer overflow: "99999999999999999999"'],
    ['{{ 08 }}', 'template: t:1: integer overflow: "08"'],
    ['{{template .X}}', 'template: t:1: unexpected ".X" in template clause'],
    ['{{define "x"}}a{{end}}{{define "x"}}b{{end}}', 'template: t:1: template: multiple definition of template "x"'],
    ['{{ "\\q" }}', 'template: t:1: invalid syntax'],
    ['{{ .A # }}', 'template: t:1: unexpected "#" in operand'],
    ['{{ .A€ }}', "template: t:1: bad character U+20AC '€'"],
    ['{{ if .A }}{{ define "x" }}{{ end }}{{ end }}', 'template: t:1: unexpected <define> in command'],
  ];
  it.each(cases)('%j', (source, message) => {
    const e = parseError(source);
    expect(e.message).toBe(message);
    expect(e.phase).toBe('parse');
    expect(e.line).toBe(Number(/^template: t:(\d+):/.exec(message)?.[1]));
  });

  it('checks function names only when it is told which exist', () => {
    expect(parseError('{{ nosuch 1 }}', []).message).toBe('template: t:1: function "nosuch" not defined');
    expect(() => parseTemplate('t', '{{ nosuch 1 }}')).not.toThrow();
    expect(() => parseTemplate('t', '{{ lower "A" }}', { functions: ['lower'] })).not.toThrow();
    for (const builtin of BUILTIN_NAMES) {
      expect(() => parseTemplate('t', `{{ ${builtin} }}`, { functions: [] }), builtin).not.toThrow();
    }
  });

  it('names the template as given, including the empty name score-compose uses', () => {
    expect(() => parseTemplate('', '{{end}}')).toThrow(/^template: :1: unexpected \{\{end\}\}$/);
  });
});

describe('parse trees', () => {
  it('prints nodes the way Go prints them in error contexts', () => {
    const tpl = parseTemplate(
      't',
      '{{ $x := index .M "a" | printf "%v" }}{{ (.A).B }}{{ if .C }}c{{ else }}d{{ end }}',
    );
    const root = tpl.trees.get('t')?.root;
    expect(root?.nodes.map(nodeString)).toEqual([
      '{{$x := index .M "a" | printf "%v"}}',
      '{{(.A).B}}',
      '{{if .C}}c{{else}}d{{end}}',
    ]);
  });

  it('keeps {{define}} and {{block}} trees by name next to the main one', () => {
    const tpl = parseTemplate('main', '{{define "a"}}A{{end}}x{{block "b" .}}B{{end}}');
    expect([...tpl.trees.keys()].sort()).toEqual(['a', 'b', 'main']);
  });

  it('lets an empty redefinition stand and replaces an empty one', () => {
    expect(() => parseTemplate('t', '{{define "x"}}a{{end}}{{define "x"}} {{end}}')).not.toThrow();
    const tpl = parseTemplate('t', '{{define "x"}} {{end}}{{define "x"}}b{{end}}');
    expect(nodeString(tpl.trees.get('x')?.root ?? { type: 'list', pos: 0, nodes: [] })).toBe('b');
  });

  it('gives field chains the position of their second field, as Go does', () => {
    const tpl = parseTemplate('t', '{{ .Alpha.Beta }}');
    const action = tpl.trees.get('t')?.root.nodes[0];
    const field = action?.type === 'action' ? action.pipe.cmds[0]?.args[0] : undefined;
    expect(field).toMatchObject({ type: 'field', ident: ['Alpha', 'Beta'], pos: '{{ .Alpha'.length });
  });
});
