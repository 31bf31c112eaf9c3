import { describe, expect, it } from 'vitest';
import { renderTemplate, SeededRandom, sprigFunctions, TEMPLATE_BUDGET, TemplateError } from './index';
import type { TemplateOptions } from './index';

/**
 * The template budget's limits as a caller sees them: each ends the run with a TemplateError that
 * says which limit it went over (`budget`), so that a provisioners file holding such a template can
 * be refused as it is loaded rather than listed (catalog/load.ts).
 */
const functions = sprigFunctions(new SeededRandom(1));

function failure(source: string, options: TemplateOptions = {}): TemplateError {
  try {
    renderTemplate('t', source, {}, { functions, ...options });
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(source)} to fail`);
}

/** A clock that moves `ms` each time it is read: time passes only when the engine looks. */
function movingClock(ms: number): () => number {
  let t = 0;
  return () => (t += ms);
}

describe('the memory budget: what all the function calls of one run build, together', () => {
  it('ends a run that builds 4 MB strings over and over, though each one is within the output budget', () => {
    const e = failure('{{ $s := repeat 4000000 "a" }}{{ range until 20 }}{{ $x := print $s }}{{ end }}');
    expect(e.budget).toBe('memory');
    expect(e.message).toMatch(
      /at <print \$s>: error calling print: the template's functions built more than 33,554,432/,
    );
  });

  it('ends a list grown one item at a time (each append copies it) long before the step budget would', () => {
    const e = failure('{{ $l := list }}{{ range until 100000 }}{{ $l = append $l . }}{{ end }}');
    expect(e.budget).toBe('memory');
  });

  it('lets a run build what real provisioners build many times over', () => {
    const source = '{{ range until 1000 }}{{ $x := randAlphaNum 16 | sha256sum }}{{ $y := print "pg-" $x }}{{ end }}ok';
    expect(renderTemplate('t', source, {}, { functions })).toBe('ok');
    expect(TEMPLATE_BUDGET.memory).toBeGreaterThanOrEqual(8 * TEMPLATE_BUDGET.output);
  });
});

describe('the time budget', () => {
  it('ends a run past its time, whatever the other limits say', () => {
    // 100,000 steps, 390 looks at a clock that moves 100 ms a look: 39 s on the clock.
    const e = failure('{{ range until 100000 }}{{ end }}', { now: movingClock(100) });
    expect(e.budget).toBe('time');
    expect(e.message).toMatch(
      /the template ran longer than 5 seconds, far longer than a provisioner needs; it was stopped/,
    );
  });

  it('looks at the clock after each function call, not only every few hundred steps (one call may take long)', () => {
    // 10 calls, far fewer steps than between two looks at the clock: only a look after each call sees the time.
    const e = failure('{{ range until 10 }}{{ $x := sha256sum "a" }}{{ end }}', { now: movingClock(1_000) });
    expect(e.budget).toBe('time');
    expect(e.message).toMatch(/at <sha256sum "a">/);
  });

  it('ends at the deadline given, when it comes before the run’s own (several templates share one budget)', () => {
    const now = movingClock(1);
    const e = failure('{{ range until 100000 }}{{ end }}', { now, deadline: 300 });
    expect(e.budget).toBe('time');
  });

  it('leaves a quick run alone', () => {
    expect(renderTemplate('t', '{{ range until 1000 }}{{ end }}done', {}, { functions, now: movingClock(1) })).toBe(
      'done',
    );
  });
});

describe('every limit says which it is', () => {
  it.each([
    ['{{ range until 1000000 }}{{ end }}', 'steps'],
    ['{{ range until 1000 }}{{ repeat 5000 "a" }}{{ end }}', 'output'],
    ['{{ repeat 50000000 "a" }}', 'output'],
    ['{{ until 1000000000 }}', 'items'],
    ['{{ $x := "ab" }}{{ range until 100 }}{{ $x = print $x $x }}{{ end }}', 'output'],
    ['{{ define "r" }}{{ template "r" . }}{{ end }}{{ template "r" . }}', 'depth'],
  ] as const)('%s → %s', (source, budget) => {
    expect(failure(source).budget).toBe(budget);
  });

  it('nesting too deep for the parser is a budget too', () => {
    const deep = '{{ if true }}'.repeat(2000) + 'x' + '{{ end }}'.repeat(2000);
    expect(failure(deep).budget).toBe('depth');
  });

  it('an ordinary error is not one', () => {
    expect(failure('{{ fail "no" }}').budget).toBeUndefined();
    expect(failure('{{ .x.y.z }}', { missingKey: 'error' }).budget).toBeUndefined();
  });
});
