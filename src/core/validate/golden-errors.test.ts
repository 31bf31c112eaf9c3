import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosticCode } from '../diagnostics';
import { validateText, type ValidationReport } from './index';

/**
 * The toolchain's own validation failures, replayed through validateText: each must be found with
 * our code, as an error, and with the same key facts in the message as the toolchain's (read from
 * the reference at test time where it is written down there).
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const goldenDir = path.resolve(repoRoot, '../shared/reference/score-compose/golden');
const haveGolden = existsSync(goldenDir);
if (!haveGolden) {
  console.log(`golden validation errors: skipped, the reference folder ${goldenDir} is absent`);
}

/** Asserts the report holds an error with that code whose message carries every fact. */
function expectError(report: ValidationReport, code: DiagnosticCode, facts: string[]): void {
  const found = report.diagnostics.filter((d) => d.code === code && d.severity === 'error');
  expect(
    found.map((d) => d.code),
    `expected ${code} among ${report.diagnostics.map((d) => d.code).join(', ')}`,
  ).toContain(code);
  expect(report.valid).toBe(false);
  const message = found.map((d) => d.message).join('\n');
  for (const fact of facts) expect(message).toContain(fact);
}

function matchOf(re: RegExp, text: string): RegExpExecArray {
  const m = re.exec(text);
  if (!m) throw new Error(`the reference text changed: ${re} no longer matches ${JSON.stringify(text)}`);
  return m;
}

interface GoldenCase {
  dir: string;
  code: DiagnosticCode;
  /** The facts our message must carry, drawn from the toolchain's expected error text. */
  facts: (expected: string) => string[];
}

const goldenCases: GoldenCase[] = [
  {
    dir: '27-error-before-cycle',
    code: 'BEFORE_CYCLE',
    facts: (expected) => [matchOf(/must contain\)\s*(\S+)/, expected)[1]!, 'app → backend → app'],
  },
  {
    // Through generate, score-go's loader.Validate fails first: "placeholder ${resources.data} does not resolve to a resource".
    dir: '47-convert-error-volume-resource-missing',
    code: 'UNKNOWN_RESOURCE',
    facts: (expected) => [
      'does not resolve to a resource',
      `"${matchOf(/resource '([^']+)' does not exist/, expected)[1]}"`,
    ],
  },
  {
    dir: '52-convert-error-healthy-without-probe',
    code: 'HEALTHY_WITHOUT_PROBE',
    facts: (expected) => {
      const [, container, ready] = matchOf(
        /containers\.([^.]+)\.before: ready '(\w+)' requires a readiness or liveness probe/,
        expected,
      );
      return [`"${container}"`, `ready: ${ready}`, 'readinessProbe', 'livenessProbe'];
    },
  },
];

describe.skipIf(!haveGolden)('score-compose golden error cases', () => {
  let matched = 0;
  const total = goldenCases.length + 1;
  afterAll(() => console.log(`golden validation errors: ${matched}/${total} matched`));

  for (const c of goldenCases) {
    it(c.dir, () => {
      const dir = path.join(goldenDir, c.dir);
      const expected = readFileSync(path.join(dir, 'expected-error.txt'), 'utf8');
      const report = validateText(readFileSync(path.join(dir, 'score.yaml'), 'utf8'));
      expectError(report, c.code, c.facts(expected));
      matched++;
    });
  }

  it('55-convert-files-errors (source outside the Score file directory)', () => {
    const expected = readFileSync(path.join(goldenDir, '55-convert-files-errors', 'expected-errors.txt'), 'utf8');
    const line = matchOf(/source_outside_score_dir \(source = ([^)]*)\)/, expected)[1]!;
    const sources = [...line.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    if (/absolute path/.test(line)) sources.push('/tmp/leak.txt');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    matchOf(/must be a relative path within the Score file's directory/, expected);
    for (const source of sources) {
      const report = validateText(
        `apiVersion: score.dev/v1b1\nmetadata:\n  name: test\ncontainers:\n  my-container:\n    image: busybox\n    files:\n      /ant.txt:\n        source: ${JSON.stringify(source)}\n`,
      );
      expectError(report, 'FILE_SOURCE_NOT_LOCAL', ['relative path', 'directory', source]);
    }
    matched++;
  });
});

/** Workload text with the given containers block (already indented under `containers:`). */
function workload(containers: string, rest = ''): string {
  return `apiVersion: score.dev/v1b1\nmetadata:\n  name: test\ncontainers:\n${containers}${rest}`;
}

interface InlineCase {
  name: string;
  text: string;
  /** Undefined: the rules must find no error. */
  expect?: Array<{ code: DiagnosticCode; facts: string[]; count?: number }>;
}

// score-go loader/validate_test.go TestValidateContainerBefore, as described in score-samples/INDEX.md.
const beforeCases: InlineCase[] = [
  { name: 'no before', text: workload('  aa: {image: busybox}\n  bb: {image: busybox}\n') },
  {
    name: 'valid linear chain aa→bb→cc',
    text: workload(
      '  aa: {image: busybox, before: {bb: {ready: started}}}\n  bb: {image: busybox, before: {cc: {ready: complete}}}\n  cc: {image: busybox}\n',
    ),
  },
  {
    name: 'valid diamond',
    text: workload(
      '  aa: {image: busybox, before: {bb: {ready: started}, cc: {ready: started}}}\n  bb: {image: busybox, before: {dd: {ready: started}}}\n  cc: {image: busybox, before: {dd: {ready: started}}}\n  dd: {image: busybox}\n',
    ),
  },
  {
    name: 'unknown container',
    text: workload('  aa: {image: busybox, before: {nonexistent: {ready: started}}}\n'),
    expect: [{ code: 'BEFORE_UNKNOWN_CONTAINER', facts: ['"aa"', 'no container "nonexistent"'] }],
  },
  {
    name: 'self reference',
    text: workload('  aa: {image: busybox, before: {aa: {ready: started}}}\n'),
    expect: [{ code: 'BEFORE_SELF_REFERENCE', facts: ['"aa"', 'itself'] }],
  },
  {
    name: 'two-node cycle',
    text: workload(
      '  aa: {image: busybox, before: {bb: {ready: started}}}\n  bb: {image: busybox, before: {aa: {ready: started}}}\n',
    ),
    expect: [{ code: 'BEFORE_CYCLE', facts: ['cycle', 'aa → bb → aa'], count: 1 }],
  },
  {
    name: 'three-node cycle',
    text: workload(
      '  aa: {image: busybox, before: {bb: {ready: started}}}\n  bb: {image: busybox, before: {cc: {ready: started}}}\n  cc: {image: busybox, before: {aa: {ready: started}}}\n',
    ),
    expect: [{ code: 'BEFORE_CYCLE', facts: ['cycle', 'aa → bb → cc → aa'], count: 1 }],
  },
  {
    name: 'multiple unknown containers (one error per name)',
    text: workload('  aa: {image: busybox, before: {x1: {ready: started}, x2: {ready: started}}}\n'),
    expect: [{ code: 'BEFORE_UNKNOWN_CONTAINER', facts: ['"x1"', '"x2"'], count: 2 }],
  },
  {
    name: 'unknown and cycle together',
    text: workload(
      '  aa: {image: busybox, before: {bb: {ready: started}, ghost: {ready: started}}}\n  bb: {image: busybox, before: {aa: {ready: started}}}\n',
    ),
    expect: [
      { code: 'BEFORE_UNKNOWN_CONTAINER', facts: ['"ghost"'] },
      { code: 'BEFORE_CYCLE', facts: ['cycle'] },
    ],
  },
];

// score-go loader/validate_test.go TestValidatePlaceholders, as described in score-samples/INDEX.md.
const resOne = 'resources:\n  res-one:\n    type: thing\n';
const placeholderCases: InlineCase[] = [
  {
    name: 'valid placeholders in every context',
    text: workload(
      '  aa:\n    image: busybox\n    variables:\n      X: ${resources.res-one.value} ${metadata.name}\n    files:\n      /f:\n        content: ${resources.res-one.value}\n    volumes:\n      /v:\n        source: ${resources.res-one}\n',
      resOne + '    params:\n      p: ${metadata.name}\n',
    ),
  },
  {
    name: 'element with spaces is malformed',
    text: workload(
      '  aa:\n    image: busybox\n    variables:\n      X: ${resources.res-one.this has spaces!}\n',
      resOne,
    ),
    expect: [{ code: 'INVALID_PLACEHOLDER', facts: ['malformed', '${resources.res-one.this has spaces!}'] }],
  },
  {
    name: 'unknown resource',
    text: workload('  aa:\n    image: busybox\n    files:\n      /f:\n        content: ${resources.res-one.value}\n'),
    expect: [{ code: 'UNKNOWN_RESOURCE', facts: ['does not resolve to a resource', '"res-one"'] }],
  },
  {
    name: 'unsupported first element',
    text: workload(
      '  aa:\n    image: busybox\n    volumes:\n      /v:\n        source: ${cheese.res-one.value}\n',
      resOne,
    ),
    expect: [{ code: 'UNKNOWN_PLACEHOLDER_ROOT', facts: ['"cheese"', '"metadata" or "resources"'] }],
  },
  {
    name: 'single element is malformed',
    text: workload('  aa:\n    image: busybox\n', resOne + '    params:\n      p: ${resources}\n'),
    expect: [{ code: 'INVALID_PLACEHOLDER', facts: ['malformed', '${resources}'] }],
  },
  {
    name: 'escaped placeholders are ignored',
    text: workload('  aa:\n    image: busybox\n    variables:\n      X: $${cheese.x} $${resources}\n'),
  },
  {
    name: 'noExpand content is not checked',
    text: workload(
      '  aa:\n    image: busybox\n    files:\n      /f:\n        content: ${cheese}\n        noExpand: true\n',
    ),
  },
];

describe('score-go loader.Validate cases', () => {
  let matched = 0;
  const all = [...beforeCases, ...placeholderCases];
  afterAll(() => console.log(`score-go loader.Validate cases: ${matched}/${all.length} matched`));

  for (const c of all) {
    it(c.name, () => {
      const report = validateText(c.text);
      if (!c.expect) {
        expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      } else {
        for (const e of c.expect) {
          expectError(report, e.code, e.facts);
          if (e.count !== undefined) expect(report.diagnostics.filter((d) => d.code === e.code)).toHaveLength(e.count);
        }
        const unexpected = report.diagnostics.filter(
          (d) => d.source === 'rules' && !c.expect!.some((e) => e.code === d.code),
        );
        expect(unexpected).toEqual([]);
      }
      matched++;
    });
  }
});
