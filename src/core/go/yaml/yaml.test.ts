import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { quoteStyleV3, sortKeysV3, writeYamlV3, YamlV3Float, YamlV3Int, YamlV3Raw, type YamlV3Value } from './index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const goldenDir = path.resolve(repoRoot, '../shared/reference/score-compose/golden');
const haveGoldens = existsSync(goldenDir);
if (!haveGoldens) console.log(`yaml.v3 writer: golden files not found at ${goldenDir}; golden tests skipped`);

/** One mapping entry `k: <value>`, as score-compose would print a field holding this string. */
const field = (value: YamlV3Value) => writeYamlV3(new Map([['k', value]]));

// Expected outputs are derived from yaml.v3 v3.0.1's source: encode.go stringv, resolve.go resolve,
// and emitterc.go yaml_emitter_analyze_scalar / select_scalar_style / write_* (see index.ts).
const scalarCases: [input: string, printed: string, rule: string][] = [
  // Plain: the text reads back as a string and no indicator gets in the way.
  ['busybox', 'busybox', 'plain word'],
  ['nginx:latest', 'nginx:latest', '":" not followed by a space is fine in block context'],
  ['http://workload-a:80', 'http://workload-a:80', 'URL stays plain'],
  ['${NAME}', '${NAME}', '"{" and "}" after the first character only block flow style'],
  ['$${fizzbuzz}', '$${fizzbuzz}', 'dollar escapes stay plain'],
  ['-c', '-c', '"-" not followed by a space is not an indicator'],
  ['a#b', 'a#b', '"#" not preceded by a space does not start a comment'],
  ['x]', 'x]', '"]" after the first character is a flow indicator only'],
  ["it's", "it's", 'a quote inside the text is fine'],
  ['aé', 'aé', 'non-ASCII below U+FFFF is printable (the encoder allows unicode)'],
  ['yES', 'yES', 'only the listed spellings of YAML 1.1 bools are quoted'],
  ['tRUE', 'tRUE', 'resolve map has true/True/TRUE only'],
  ['nULL', 'nULL', 'resolve map has null/Null/NULL only'],
  ['.iNf', '.iNf', 'not in the resolve map and not a Go float'],
  ['0x', '0x', 'ParseInt("0x", 0) fails: a bare leading 0 is octal and "x" is no digit'],
  ['0xZZ', '0xZZ', 'not a hex number'],
  ['_1', '_1', 'only "+", "-", digits, "." and "yYnNtTfFoO~" can start a non-string'],
  ['<<', '<<', 'the merge key starts with "<", which resolve never looks up'],
  ['1e400', '1e400', 'ParseFloat overflows (range error), so it stays a string'],
  ['12:60', '12:60', 'not base 60: a sexagesimal digit pair is at most 59'],
  ['8080:80', '8080:80', 'not base 60: 80 is no sexagesimal digit pair'],
  ['2001-02-29', '2001-02-29', 'Go time.Parse rejects the day: 2001 is no leap year'],
  ['2001-12-14T21:59:43', '2001-12-14T21:59:43', 'the "T" layouts need a time zone'],
  ['\u00a0', '\u00a0', 'NO-BREAK SPACE is printable and is no space for libyaml'],

  // Double-quoted: the plain text would read back as another type (encode.go stringv).
  ['001', '"001"', 'int (leading-zero octal)'],
  ['8080', '"8080"', 'int'],
  ['-1', '"-1"', 'signed int'],
  ['+1', '"+1"', 'ParseInt accepts "+"'],
  ['1_000', '"1_000"', 'underscores are removed before ParseInt'],
  ['1_', '"1_"', 'underscores are removed before ParseInt'],
  ['0x1F', '"0x1F"', 'hex int'],
  ['0o17', '"0o17"', 'YAML 1.2 octal'],
  ['0b101', '"0b101"', 'binary int'],
  ['0b-1', '"0b-1"', 'resolve.go parses the text after "0b" with ParseInt, which takes a sign'],
  ['08', '"08"', 'not octal, but yamlStyleFloat matches: float'],
  ['0777', '"0777"', 'octal'],
  ['18446744073709551615', '"18446744073709551615"', 'fits ParseUint'],
  ['18446744073709551616', '"18446744073709551616"', 'too big for an int but still a float'],
  ['1e3', '"1e3"', 'float'],
  ['1.', '"1."', 'float: digits before the point are enough'],
  ['.5', '".5"', 'float starting with "."'],
  ['.5_5', '".5_5"', 'Go ParseFloat allows underscores between digits'],
  ['+.5', '"+.5"', 'signed float'],
  ['.inf', '".inf"', 'resolve map float'],
  ['-.Inf', '"-.Inf"', 'resolve map float'],
  ['.NaN', '".NaN"', 'resolve map float'],
  ['true', '"true"', 'bool'],
  ['False', '"False"', 'bool'],
  ['null', '"null"', 'null'],
  ['~', '"~"', 'null'],
  ['', '""', 'the empty string resolves to null'],
  ['yes', '"yes"', 'YAML 1.1 bool (isOldBool)'],
  ['Yes', '"Yes"', 'YAML 1.1 bool'],
  ['OFF', '"OFF"', 'YAML 1.1 bool'],
  ['y', '"y"', 'YAML 1.1 bool'],
  ['N', '"N"', 'YAML 1.1 bool'],
  ['1:20', '"1:20"', 'YAML 1.1 base-60 float'],
  ['-1:20:30.5', '"-1:20:30.5"', 'YAML 1.1 base-60 float'],
  ['3000:30', '"3000:30"', 'base-60 float, although it looks like a port mapping'],
  ['2001-12-14', '"2001-12-14"', 'timestamp (date only)'],
  ['2000-02-29', '"2000-02-29"', 'timestamp (leap day)'],
  ['2001-12-14t21:59:43.10-05:00', '"2001-12-14t21:59:43.10-05:00"', 'timestamp (RFC 3339, lower-case t)'],
  ['2001-12-14  21:59:43.10', '"2001-12-14  21:59:43.10"', 'timestamp: a layout space matches several spaces'],

  // Double-quoted with escapes: characters that single quotes cannot carry.
  ['a\tb', '"a\\tb"', 'a tab forbids plain and single-quoted styles'],
  ['\u0007', '"\\a"', 'non-printable, short escape'],
  ['\u007f', '"\\x7F"', 'non-printable, hex escape in upper case'],
  ['\u0085', '"\\N"', 'NEL'],
  ['😀', '"\\U0001F600"', 'nothing above U+FFFF counts as printable'],
  ['\ufeffab', '"\\uFEFF\\x61\\x62"', 'is_bom looks at the start of the value, so every character is escaped'],
  ['a \nb', '"a \\nb"', 'a space before a line break forbids literal style'],
  ['a\r\nb', '"a\\r\\nb"', 'CR is not printable, so literal style is refused'],
  ['x\n ', '"x\\n "', 'trailing space forbids literal style'],
  ['"', "'\"'", 'a leading double quote is an indicator; single quotes carry it'],

  // Single-quoted: the text is a string, but plain style is impossible for syntax reasons.
  ['-', "'-'", '"-" followed by the end is a sequence indicator'],
  ['- a', "'- a'", '"- " starts a sequence'],
  ['a: b', "'a: b'", '": " inside'],
  ['a:', "'a:'", '":" at the end'],
  ['a #b', "'a #b'", '" #" starts a comment'],
  [' a', "' a'", 'leading space'],
  ['a ', "'a '", 'trailing space'],
  ['@x', "'@x'", 'reserved indicator at the start'],
  ['`x', "'`x'", 'reserved indicator at the start'],
  ['*x', "'*x'", 'alias indicator'],
  ['&x', "'&x'", 'anchor indicator'],
  ['!x', "'!x'", 'tag indicator'],
  ['%x', "'%x'", 'directive indicator'],
  ['{x', "'{x'", 'flow mapping indicator at the start'],
  ['[x', "'[x'", 'flow sequence indicator at the start'],
  ['|x', "'|x'", 'literal indicator at the start'],
  ['>x', "'>x'", 'folded indicator at the start'],
  ['#x', "'#x'", 'comment at the start'],
  ['? x', "'? x'", 'mapping key indicator'],
  ['---', "'---'", 'document start marker'],
  ['...', "'...'", 'document end marker'],
  ['...x', "'...x'", 'any text starting with three dots counts as a marker'],
  ["'x", "'''x'", 'a leading single quote is doubled inside single quotes'],
];

describe('yaml.v3 scalar styles', () => {
  it.each(scalarCases)('%j prints as %s (%s)', (input, printed) => {
    expect(field(input)).toBe(`k: ${printed}\n`);
  });

  it.each([
    // Literal block style for text with "\n" (stringv), chomping from write_block_scalar_hints.
    ['a\nb', 'k: |-\n  a\n  b\n', '"-" strips: no final line break'],
    ['a\n', 'k: |\n  a\n', 'clip: exactly one final line break'],
    ['a\n\n', 'k: |+\n  a\n\n', '"+" keeps: more than one final line break'],
    ['\n', 'k: |2+\n', 'a lone line break: indentation hint, keep, and the break itself ends the header'],
    ['  x\ny', 'k: |2-\n    x\n  y\n', 'leading space needs an indentation hint'],
    ['a\n\nb', 'k: |-\n  a\n\n  b\n', 'empty lines carry no indentation'],
    ['a\tb\nc', 'k: |-\n  a\tb\n  c\n', 'tabs are allowed in literal blocks'],
  ])('%j is a literal block (%s)', (input, printed) => {
    expect(field(input)).toBe(printed);
    expect(quoteStyleV3(input)).toBe('literal');
  });

  it('reports the style yaml.v3 picks', () => {
    expect(quoteStyleV3('busybox')).toBe('plain');
    expect(quoteStyleV3('8080')).toBe('double');
    expect(quoteStyleV3('a: b')).toBe('single');
    expect(quoteStyleV3('a \nb')).toBe('double');
  });

  it('indents a literal block under its sequence item', () => {
    expect(writeYamlV3(new Map([['command', ['sh', 'echo a\necho b\n']]]))).toBe(
      'command:\n  - sh\n  - |\n    echo a\n    echo b\n',
    );
  });

  it('never folds long lines by default (yaml.v3 starts with best_width = -1)', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(field(long)).toBe(`k: ${long}\n`);
    expect(field(`a: ${long}`)).toBe(`k: 'a: ${long}'\n`);
  });

  it('folds at the first space past the width when a width is given (write_plain)', () => {
    const words = Array.from({ length: 30 }, () => 'word').join(' ');
    // "k: " + 16 words reaches column 82 > 80, so the next space becomes a line break and indent.
    const first = Array.from({ length: 16 }, () => 'word').join(' ');
    const rest = Array.from({ length: 14 }, () => 'word').join(' ');
    expect(writeYamlV3({ k: words }, { width: 80 })).toBe(`k: ${first}\n  ${rest}\n`);
  });
});

describe('yaml.v3 numbers and other scalars', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [8080, '8080'],
    [-42, '-42'],
    [1e18, '1000000000000000000'],
    [1e20, '1e+20'], // beyond int64, so it is written as the float it is
    [1.5, '1.5'],
    [0.1, '0.1'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [123456.5, '123456.5'],
    [1234567.5, '1.2345675e+06'],
    [1e21, '1e+21'],
    [-2.5e-300, '-2.5e-300'],
    [Infinity, '.inf'],
    [-Infinity, '-.inf'],
    [NaN, '.nan'],
  ])('number %s prints as %s (ints as ints, floats like FormatFloat(v, "g", -1, 64))', (n, printed) => {
    expect(field(n)).toBe(`k: ${printed}\n`);
  });

  it('prints Go floats and ints when asked to', () => {
    expect(field(new YamlV3Float(2))).toBe('k: 2\n');
    expect(field(new YamlV3Float(1e6))).toBe('k: 1e+06\n');
    expect(field(new YamlV3Float(-0))).toBe('k: -0\n');
    expect(field(new YamlV3Float(0.1, 32))).toBe('k: 0.1\n');
    expect(field(new YamlV3Float(0.3, 32))).toBe('k: 0.3\n');
    expect(field(new YamlV3Int(3.7))).toBe('k: 3\n');
  });

  it('prints booleans, null and raw text as plain scalars', () => {
    expect(writeYamlV3({ a: true, b: false, c: null })).toBe('a: true\nb: false\nc: null\n');
    expect(field(new YamlV3Raw('5s'))).toBe('k: 5s\n');
    // Raw text still goes through the emitter's checks, like any plain-style request.
    expect(field(new YamlV3Raw('- x'))).toBe("k: '- x'\n");
  });
});

describe('yaml.v3 block layout', () => {
  it('indents mappings by 2 and sequences under their key', () => {
    const value = new Map<string, YamlV3Value>([
      [
        'services',
        new Map([
          [
            'web',
            new Map<string, YamlV3Value>([
              ['command', ['a', 'b']],
              ['image', 'x'],
            ]),
          ],
        ]),
      ],
    ]);
    expect(writeYamlV3(value)).toBe('services:\n  web:\n    command:\n      - a\n      - b\n    image: x\n');
  });

  it('puts the first key of a mapping in a sequence item on the dash line', () => {
    const value = {
      volumes: [
        { type: 'bind', source: '/a', bind: {} },
        { type: 'tmpfs', tmpfs: { size: '10' } },
      ],
    };
    expect(writeYamlV3(value)).toBe(
      'volumes:\n  - type: bind\n    source: /a\n    bind: {}\n  - type: tmpfs\n    tmpfs:\n      size: "10"\n',
    );
  });

  it('writes nested sequences compactly and empty collections in flow style', () => {
    expect(writeYamlV3([[1, 2], [], {}, [[3]]])).toBe('- - 1\n  - 2\n- []\n- {}\n- - - 3\n');
    expect(writeYamlV3({})).toBe('{}\n');
    expect(writeYamlV3([])).toBe('[]\n');
  });

  it('writes a root scalar on its own line', () => {
    expect(writeYamlV3('hello')).toBe('hello\n');
    expect(writeYamlV3('007')).toBe('"007"\n');
    expect(writeYamlV3('a\nb')).toBe('|-\n  a\n  b\n');
    expect(writeYamlV3(null)).toBe('null\n');
  });

  it('quotes keys by the same rules as values', () => {
    const value = new Map<string, YamlV3Value>([
      ['on', 1],
      ['y', 2],
      ['001', 3],
      ['a: b', 4],
      ['', 5],
    ]);
    expect(writeYamlV3(value)).toBe('"on": 1\n"y": 2\n"001": 3\n\'a: b\': 4\n"": 5\n');
  });

  it('uses "? key" for multi-line keys and keys over 128 bytes (check_simple_key)', () => {
    const long = 'k'.repeat(129);
    expect(writeYamlV3(new Map([[long, 'v']]))).toBe(`? ${long}\n: v\n`);
    expect(writeYamlV3(new Map([['k'.repeat(128), 'v']]))).toBe(`${'k'.repeat(128)}: v\n`);
    expect(writeYamlV3(new Map([['a\nb', 'v']]))).toBe('? |-\n  a\n  b\n: v\n');
    expect(writeYamlV3(new Map([[long, new Map([['x', 1]])]]))).toBe(`? ${long}\n: x: 1\n`);
  });

  it('skips undefined entries and survives data that contains itself', () => {
    expect(writeYamlV3({ a: undefined, b: 1 })).toBe('b: 1\n');
    const loop: YamlV3Value[] = [];
    loop.push(loop);
    expect(writeYamlV3(loop)).toBe('- null\n');
  });
});

describe('yaml.v3 map key order (sorter.go keyList.Less)', () => {
  it('compares runs of digits by value', () => {
    expect(sortKeysV3(['db10', 'db9', 'db1'])).toEqual(['db1', 'db9', 'db10']);
    expect(sortKeysV3(['a10b', 'a2b', 'a2a'])).toEqual(['a2a', 'a2b', 'a10b']);
  });

  it('puts non-letters before letters, except right after a shared run of digits', () => {
    expect(sortKeysV3(['A', '_a', 'a', '-a', 'B'])).toEqual(['-a', '_a', 'A', 'B', 'a']);
    // After "1", letters come first: "1a" < "1-".
    expect(sortKeysV3(['1-', '1a'])).toEqual(['1a', '1-']);
  });

  it('orders leading zeros after the same number without them', () => {
    expect(sortKeysV3(['b01', 'b1', 'b001'])).toEqual(['b1', 'b01', 'b001']);
    expect(sortKeysV3(['x', 'x1', 'x0'])).toEqual(['x', 'x0', 'x1']);
  });

  it('sorts the service names of the goldens the way score-compose prints them', () => {
    const names = [
      'wait-for-resources',
      'service_with_healthcheck',
      'init_service',
      'generic_service',
      'example-example',
    ];
    expect(sortKeysV3(names)).toEqual([
      'example-example',
      'generic_service',
      'init_service',
      'service_with_healthcheck',
      'wait-for-resources',
    ]);
  });
});

/** Golden files that hold (part of) a compose.yaml that score-compose wrote with yaml.v3. */
function goldenComposeFiles(): string[] {
  if (!haveGoldens) return [];
  const files: string[] = [];
  for (const dir of readdirSync(goldenDir).sort()) {
    const full = path.join(goldenDir, dir);
    if (!statSync(full).isDirectory()) continue;
    for (const name of readdirSync(full).sort()) {
      if (/^expected-compose.*\.yaml$/.test(name)) files.push(path.join(dir, name));
    }
  }
  return files;
}

/**
 * Re-writes a golden file. A ".partial" file is a fragment that the Go test only looks for inside the
 * output: it is re-written at its own indentation, keeping its leading blank line.
 */
function rewrite(text: string): string {
  const value = parseDocument(text).toJS({ mapAsMap: true }) as YamlV3Value;
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const indent = firstLine.length - firstLine.trimStart().length;
  const body = writeYamlV3(value);
  if (indent === 0) return body;
  const pad = ' '.repeat(indent);
  const lead = text.slice(0, text.length - text.trimStart().length).replace(/ +$/, '');
  return lead + body.replace(/^(?=.)/gm, pad);
}

describe.skipIf(!haveGoldens)('yaml.v3 writer against score-compose goldens', () => {
  it('golden 38 (TestYamlEncode): a Project struct prints byte-identical', () => {
    // compose-go Project{Services: {"test": ServiceConfig{Name: "test", Image: "busybox", Command: …}}}.
    // Project has no name (omitempty); ServiceConfig prints fields in struct order: command before image.
    const project = new Map<string, YamlV3Value>([
      [
        'services',
        new Map([
          [
            'test',
            new Map<string, YamlV3Value>([
              ['command', ['/bin/sh', '-c', 'while true; echo ...sleeping 10 sec...; sleep 10; done']],
              ['image', 'busybox'],
            ]),
          ],
        ]),
      ],
    ]);
    const expected = readFileSync(path.join(goldenDir, '38-write-yaml-encode/expected-compose.yaml'), 'utf8');
    expect(writeYamlV3(project)).toBe(expected);
  });

  it('re-writes every expected-compose*.yaml byte-identical', () => {
    const files = goldenComposeFiles();
    expect(files.length).toBeGreaterThan(0);
    const different: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(goldenDir, file), 'utf8');
      if (rewrite(text) !== text) different.push(file);
    }
    console.log(
      `yaml.v3 writer: ${files.length - different.length}/${files.length} golden files re-written byte-identical`,
    );
    expect(different).toEqual([]);
  });
});
