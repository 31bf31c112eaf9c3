import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMap, isNode, isPair, isScalar, isSeq, Pair, Scalar } from 'yaml';
import { generateWorkload } from '../../../bench/workload-generator';
import { deriveGraph } from '../graph';
import { templates } from '../templates';
import { validateParsed } from '../validate';
import { applyEdits, type Edit } from './edits';
import { reparseWorkloadText, spliceWorkloadText } from './incremental';
import { parseWorkloadText, type ParsedDocument } from './parse';

/**
 * Reading an edited text again from the previous reading must give exactly what a whole parse gives:
 * the same tree (kinds, offsets, scalar styles and sources, comments, blank-line flags), the same data
 * and the same diagnostics. Held on the templates, a generated workload and every sample of the
 * public corpus (../shared/reference), under random edits of the kinds typing makes.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const samplesDir = path.resolve(repoRoot, '../shared/reference/score-samples');
const haveSamples = fs.existsSync(samplesDir);
if (!haveSamples) console.log(`incremental parse: corpus samples skipped, ${samplesDir} is absent`);

const corpus: Array<[string, string]> = [
  ...templates.map((t) => [t.name, t.text] as [string, string]),
  ['generated 6×6', generateWorkload(6, 6)],
  ['generated, Windows line ends', generateWorkload(3, 3).replace(/\n/g, '\r\n')],
  ...(haveSamples
    ? fs
        .readdirSync(samplesDir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => [f, fs.readFileSync(path.join(samplesDir, f), 'utf8')] as [string, string])
    : []),
];

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** Everything a reader of the tree can see, as plain data. */
function shape(parsed: ParsedDocument): unknown {
  const node = (n: unknown): unknown => {
    if (isPair(n)) return { pair: [node(n.key), node(n.value)] };
    if (!isNode(n)) return n === undefined ? 'undefined' : n;
    const common = {
      range: n.range,
      comment: n.comment ?? null,
      commentBefore: n.commentBefore ?? null,
      spaceBefore: n.spaceBefore ?? false,
      tag: n.tag ?? null,
      anchor: n.anchor ?? null,
    };
    if (isScalar(n)) return { ...common, scalar: n.value, type: n.type, source: n.source ?? null };
    if (isMap(n) || isSeq(n))
      return { ...common, kind: isMap(n) ? 'map' : 'seq', flow: n.flow ?? false, items: n.items.map(node) };
    return { ...common, other: String(n) };
  };
  const doc = parsed.doc;
  return {
    text: parsed.text,
    blocked: parsed.blocked,
    syntax: parsed.syntax,
    value: parsed.value,
    lines: parsed.lines.lineCount,
    doc: doc && {
      range: doc.range,
      comment: doc.comment ?? null,
      commentBefore: doc.commentBefore ?? null,
      errors: doc.errors.length,
      warnings: doc.warnings.length,
      contents: node(doc.contents),
    },
  };
}

// A fixed seed and a quick count for every run of the suite. For a longer search (as when changing
// incremental.ts): FUZZ_RUNS=250 FUZZ_SEED=7 npx vitest run src/core/document/incremental.test.ts --testTimeout=300000
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 4242);

/** Edits like typing makes: a character, a word, a line, a blank line, a comment, a deletion. */
const snippets = [
  'x',
  ' ',
  '\n',
  '\n\n',
  '#',
  '# note\n',
  '  # note\n',
  ':',
  '- ',
  '"',
  "'",
  '${resources.db.host}',
  '      EXTRA: value\n',
  '    image: busybox\n',
  '  added:\n    image: nginx\n',
  '  other:\n',
  '\t',
  '&a ',
  '*a',
  '{',
  '|\n      text\n',
];

/** Edits that usually leave the YAML readable (so that the quick way is taken and compared more often). */
const gentle = [
  'x',
  'ab',
  ' ',
  '\n',
  '\n\n',
  '  # note\n',
  '      EXTRA: value\n',
  '  added:\n    image: nginx\n',
  '# end\n',
];

const edit = (text: string, inserts: string[], removeMax: number) =>
  fc.record({
    at: fc.nat({ max: Math.max(0, text.length) }),
    remove: fc.oneof(fc.constant(0), fc.nat({ max: 3 }), fc.nat({ max: removeMax })),
    insert: fc.oneof(fc.constantFrom(...inserts), fc.constant('')),
    lineStart: fc.boolean(),
  });

function applyRandom(text: string, e: { at: number; remove: number; insert: string; lineStart: boolean }): string {
  let at = Math.min(e.at, text.length);
  if (e.lineStart) at = text.lastIndexOf('\n', at - 1) + 1;
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

describe('reparseWorkloadText', () => {
  it.each([
    ['any edits', snippets, 40],
    ['gentle edits', gentle, 2],
  ] as const)(
    'gives what a whole parse gives, after chains of random edits, on every corpus workload (%s)',
    (_kind, inserts, removeMax) => {
      let spliced = 0;
      let total = 0;
      for (const [name, original] of corpus) {
        fc.assert(
          // Each step is one to three edits at once (a text replaced from elsewhere differs in several places).
          fc.property(
            fc.array(fc.array(edit(original, [...inserts], removeMax), { minLength: 1, maxLength: 3 }), {
              minLength: 1,
              maxLength: 4,
            }),
            (steps) => {
              let previous = parseWorkloadText(original);
              let text = original;
              for (const step of steps) {
                for (const e of step) text = applyRandom(text, e);
                const quick = spliceWorkloadText(previous, text);
                const whole = parseWorkloadText(text);
                total++;
                if (quick) {
                  spliced++;
                  expect(shape(quick), `${name}: ${JSON.stringify(text)}`).toEqual(shape(whole));
                }
                previous = reparseWorkloadText(previous, text);
              }
            },
          ),
          { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
        );
      }
      // The quick way is taken often enough for the comparison to mean something (many random edits
      // break the YAML, and a document with an error is always parsed whole).
      expect(spliced).toBeGreaterThan(total * (removeMax > 2 ? 0.04 : 0.12));
    },
  );

  it('gives what a whole parse gives when handed the edits a change is made of, as wide as an editor or a command makes them', () => {
    // Edits against the text before them all (sorted, apart), each maybe taking in some unchanged text
    // around what it changes, as the edits of a command (a whole scalar) or of several cursors do.
    const placed = (text: string) =>
      fc.array(
        fc.record({
          at: fc.nat({ max: text.length }),
          remove: fc.nat({ max: 6 }),
          insert: fc.constantFrom('', ...gentle, ...snippets),
          widen: fc.tuple(fc.nat({ max: 8 }), fc.nat({ max: 8 })),
        }),
        { minLength: 1, maxLength: 4 },
      );
    let handed = 0;
    for (const [name, original] of corpus) {
      fc.assert(
        fc.property(placed(original), (raw) => {
          const edits: Edit[] = [];
          let end = 0;
          for (const r of [...raw].sort((a, b) => a.at - b.at)) {
            const start = Math.max(end, r.at - r.widen[0]);
            const from = Math.max(start, r.at);
            const to = Math.min(original.length, from + r.remove);
            const stop = Math.min(original.length, to + r.widen[1]);
            edits.push({
              start,
              end: stop,
              insert: original.slice(start, from) + r.insert + original.slice(to, stop),
            });
            end = stop;
          }
          const text = applyEdits(original, edits);
          const previous = parseWorkloadText(original);
          const whole = parseWorkloadText(text);
          const quick = spliceWorkloadText(previous, text, edits);
          if (quick) {
            handed++;
            expect(shape(quick), `${name}: ${JSON.stringify(edits)}`).toEqual(shape(whole));
          }
          expect(shape(reparseWorkloadText(previous, text, edits))).toEqual(shape(whole));
        }),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
    }
    expect(handed).toBeGreaterThan(0);
  });

  it('reads the places the edits it is handed name, without comparing the texts; edits that do not fit are set aside', () => {
    const text =
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n    args: [x]\n    command: [run]\n';
    const previous = parseWorkloadText(text);
    const image = (d: ParsedDocument) => (d.value as { containers: { web: unknown } }).containers.web as object;
    const at = text.indexOf('[x]');
    const next = text.slice(0, at) + '[y]' + text.slice(at + 3);
    // The least edit changes `args` alone; an edit that also takes in `image: nginx` (unchanged) has
    // the container's image read again too.
    const least = spliceWorkloadText(previous, next)!;
    const wide = spliceWorkloadText(previous, next, [
      { start: text.indexOf('image'), end: at + 3, insert: text.slice(text.indexOf('image'), at) + '[y]' },
    ])!;
    const entries = (d: ParsedDocument) =>
      (
        ((d.doc!.contents as { items: Pair[] }).items[2]!.value as { items: Pair[] }).items[0]!.value as {
          items: Pair[];
        }
      ).items;
    expect(entries(least)[0]).toBe(entries(previous)[0]);
    expect(entries(wide)[0]).not.toBe(entries(previous)[0]);
    expect(shape(wide)).toEqual(shape(parseWorkloadText(next)));
    expect(image(wide)).toEqual(image(least));
    // Edits that cannot have made the text (the insert is not where it lands, or they overlap) are not
    // trusted: the texts are compared instead, and the answer is still right.
    for (const wrong of [
      [{ start: at, end: at + 3, insert: '[z]' }],
      [
        { start: at, end: at + 2, insert: '[y' },
        { start: at + 1, end: at + 3, insert: 'y]' },
      ],
    ]) {
      const read = spliceWorkloadText(previous, next, wrong)!;
      expect(entries(read)[0]).toBe(entries(previous)[0]);
      expect(shape(read)).toEqual(shape(parseWorkloadText(next)));
    }
  });

  it('reads a change inside one container of a large workload without parsing the rest', () => {
    const text = generateWorkload(100, 100);
    const previous = parseWorkloadText(text);
    const next = text.replace(/\bimage: /, 'imag: ') + '# change\n';
    const quick = spliceWorkloadText(previous, next);
    expect(quick).toBeDefined();
    expect(shape(quick!)).toEqual(shape(parseWorkloadText(next)));
    // Entries before the edit are the very same objects; the data of untouched entries is shared.
    // The reused data is shared with the earlier reading: nothing downstream may change it.
    deepFreeze(previous.value);
    const report = validateParsed(quick!);
    expect(report.diagnostics.map((d) => `${d.code} ${d.path}`)).toContain('REQUIRED_FIELD /containers/svc-000/image');
    expect(() => deriveGraph(quick!, report.diagnostics)).not.toThrow();
    const containers = (d: ParsedDocument) =>
      (d.doc!.contents as { items: Array<{ value: { items: unknown[] } }> }).items;
    expect(containers(quick!)[0]).toBe(containers(previous)[0]);
    // The moved entries are copies that the yaml library itself reads as nodes of their kind: it
    // writes, converts and clones the document as it does the whole parse's.
    const whole = parseWorkloadText(next);
    expect(String(quick!.doc)).toBe(String(whole.doc));
    expect(quick!.doc!.toJS()).toEqual(whole.doc!.toJS());
    expect(String(quick!.doc!.clone())).toBe(String(whole.doc));
    const lastEntry = (containers(quick!).at(-1)!.value.items as Pair[]).at(-1)!;
    expect(isPair(lastEntry) && lastEntry instanceof Pair).toBe(true);
    expect(isScalar(lastEntry.key) && lastEntry.key instanceof Scalar && isMap(lastEntry.value)).toBe(true);
  });

  it('reads again only the deepest entry an edit lies in, when that entry has a sibling after it', () => {
    const text = [
      'apiVersion: score.dev/v1b1',
      'metadata:',
      '  name: shop',
      'containers:',
      '  web:',
      '    image: nginx # pinned later',
      '',
      '    variables:',
      '      # the first',
      '      A: "1"',
      '      B: "2"',
      '    args: [x]',
      '  api:',
      '    image: busybox',
      '',
    ].join('\n');
    const previous = parseWorkloadText(text);
    const web = (d: ParsedDocument) =>
      ((d.doc!.contents as { items: Pair[] }).items[2]!.value as { items: Pair[] }).items[0]!.value as {
        items: Pair[];
      };
    for (const next of [
      text.replace('A: "1"', 'A: "12"'), // inside `variables`: A is read again, alone
      text.replace('B: "2"', 'B: "23"'), // the last variable: `variables` is read again
      text.replace('# the first', '# the first one'),
      text.replace('    args: [x]', '    argz: [x]').replace('image: nginx #', 'image: nginx  #'), // two edits: the container
    ]) {
      const quick = spliceWorkloadText(previous, next);
      expect(quick, next).toBeDefined();
      expect(shape(quick!)).toEqual(shape(parseWorkloadText(next)));
    }
    // The entries before the edited one are the very objects of the earlier reading: not read again.
    const quick = spliceWorkloadText(previous, text.replace('A: "1"', 'A: "12"'))!;
    expect(web(quick).items[0]).toBe(web(previous).items[0]);
    const vars = (d: ParsedDocument) => (web(d).items[1]!.value as { items: Pair[] }).items;
    expect(vars(quick)[0]).not.toBe(vars(previous)[0]);
    // A key renamed to a sibling's name is a duplicate, which only the whole parse reports.
    const duplicate = text.replace('A: "1"', 'B: "1"');
    expect(shape(reparseWorkloadText(previous, duplicate))).toEqual(shape(parseWorkloadText(duplicate)));
    expect(reparseWorkloadText(previous, duplicate).syntax.map((d) => d.code)).toEqual(['DUPLICATE_KEY']);
  });

  it('reads several edits one by one, each at the deepest entry it lies in', () => {
    const text = [
      'apiVersion: score.dev/v1b1',
      'metadata:',
      '  name: shop',
      'containers:',
      '  web:',
      '    image: nginx',
      '    variables:',
      '      A: "1"',
      '  api:',
      '    image: busybox',
      '    args: [x]',
      'resources:',
      '  db:',
      '    type: postgres',
      '# the end',
      '',
    ].join('\n');
    const previous = parseWorkloadText(text);
    const containers = (d: ParsedDocument) =>
      ((d.doc!.contents as { items: Pair[] }).items[2]!.value as { items: Pair[] }).items.map(
        (p) => (p.value as { items: Pair[] }).items,
      );
    // Two images and the last line: three edits, in the containers and after the resources.
    const next = text.replace('image: nginx', 'image: nginy').replace('image: busybox', 'image: busyboy') + '# more\n';
    const quick = spliceWorkloadText(previous, next)!;
    expect(quick).toBeDefined();
    expect(shape(quick)).toEqual(shape(parseWorkloadText(next)));
    // Only the edited keys were read again: their siblings are the very objects of the earlier reading
    // (reading the containers' entries would have read each container whole).
    const [web, api] = containers(quick);
    const [webBefore, apiBefore] = containers(previous);
    expect(web![0]).not.toBe(webBefore![0]);
    expect(web![1]).toBe(webBefore![1]);
    expect(api![0]).not.toBe(apiBefore![0]);
    expect(api![1]).toBe(apiBefore![1]);
    // Two names swapped (and the last line changed): one swap alone repeats a name, so the edits are
    // read with the blocks they lie in instead.
    const swapped =
      text.replace('  web:', '  tmp:').replace('  api:', '  web:').replace('  tmp:', '  api:') + '# more\n';
    const read = spliceWorkloadText(previous, swapped);
    expect(read).toBeDefined();
    expect(shape(read!)).toEqual(shape(parseWorkloadText(swapped)));
  });

  it('leaves the blank lines and comments after an empty value (`key:`) to it, as the whole parse does', () => {
    // Found by the property above with more runs: the yaml library gives what follows an empty value
    // (comment lines, a blank line) to that value, not to the next key.
    const cases: Array<[string, (text: string) => string]> = [
      [
        'containers:\n  cart:\n    image: x\n    variables:\n  # note\n    REDIS_ADDR: a\n    resources: {}\n',
        (t) => t.replace('  # note\n', '  # note\n  # note\n'),
      ],
      [
        'metadata:\n  name: a\n  other: value\n\ncontainers:\n  hello:\n    image: busybox\n',
        (t) => t.replace('value', ''),
      ],
      ['containers:\n  a:\n    image:\n\n    command: [x]\n    args: [y]\n', (t) => t.replace('[x]', '[xy]')],
      ['containers:\n  a:\n    image: i\n  b:\n\n  c:\n    image: j\n', (t) => t.replace('j', 'jk')],
    ];
    for (const [text, edit] of cases) {
      const next = edit(text);
      expect(next).not.toBe(text);
      expect(shape(reparseWorkloadText(parseWorkloadText(text), next)), next).toEqual(shape(parseWorkloadText(next)));
    }
  });

  it('parses the whole text when the edit is outside the entries, or the document has anchors', () => {
    const text = templates[0]!.text;
    const previous = parseWorkloadText(text);
    expect(
      spliceWorkloadText(previous, 'apiVersion: score.dev/v1b2\n' + text.split('\n').slice(1).join('\n')),
    ).toBeUndefined();
    const anchored =
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: a\ncontainers:\n  web:\n    image: &i nginx\n  api:\n    image: *i\n';
    const withAnchors = parseWorkloadText(anchored);
    expect(spliceWorkloadText(withAnchors, anchored.replace('web:', 'webx:'))).toBeUndefined();
    // And the answer is still right.
    const again = reparseWorkloadText(withAnchors, anchored.replace('web:', 'webx:'));
    expect(shape(again)).toEqual(shape(parseWorkloadText(anchored.replace('web:', 'webx:'))));
  });

  it('reports an alias that cannot be followed as the whole parse does, whichever entry the edit is in', () => {
    const text =
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: a\ncontainers:\n  web:\n    image: nginx\nresources:\n  db:\n    type: postgres\n    params:\n      size: 1\n';
    const cases: Array<[string, string]> = [
      [text.replace('      size: 1\n', '      size: &p {self: *p}\n'), 'ALIAS_CYCLE'],
      [text.replace('image: nginx', 'image: *nope'), 'UNKNOWN_ANCHOR'],
      [text.replace('image: nginx', 'image: &i {a: [*i]}'), 'ALIAS_CYCLE'],
    ];
    for (const [next, code] of cases) {
      const again = reparseWorkloadText(parseWorkloadText(text), next);
      expect(
        again.syntax.map((d) => d.code),
        next,
      ).toEqual([code]);
      expect(again.blocked).toBe(true);
      expect(shape(again)).toEqual(shape(parseWorkloadText(next)));
    }
  });

  it('reports a name repeated outside the edited entry as the whole parse does', () => {
    const text = 'containers:\n  web:\n    image: a\n  api:\n    image: b\n';
    const next = text.replace('api:', 'web:');
    const again = reparseWorkloadText(parseWorkloadText(text), next);
    expect(again.syntax.map((d) => d.code)).toEqual(['DUPLICATE_KEY']);
  });
});
