import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findWorkloadPlaceholders } from '../../../core/workload/placeholders';
import { templates } from '../../../core/templates';
import { validateText } from '../../../core/validate';
import { generateWorkload } from '../../../../bench/workload-generator';
import { applyPlaceholderPatch, applyValuePatch, diffPlaceholders, diffValue } from './reply-patch';

/** What crosses to the page: the patch is copied (structured clone), never shared. */
const sentAcross = <T>(x: T): T => structuredClone(x);

/** A value like `before` with some of its entries replaced, removed or added, the others shared. */
const edited = (before: unknown, seed: number): unknown => {
  let n = seed;
  const next = () => (n = (n * 1103515245 + 12345) % 2147483648);
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || depth > 3) return next() % 5 === 0 ? { new: n } : v;
    if (next() % 3 === 0) return v; // untouched: the same object
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (next() % 7 === 0) continue; // removed
      out[k] = walk(x, depth + 1);
    }
    if (next() % 4 === 0) out[`added${n % 10}`] = n;
    return out;
  };
  return walk(before, 0);
};

describe('value patches', () => {
  it('rebuild the new value from the old one, whatever the two are', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(applyValuePatch(a, sentAcross(diffValue(a, b)))).toEqual(b);
      }),
    );
  });

  it('send only what changed, and keep the rest as the page had it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (a, seed) => {
        const b = edited(a, seed);
        const page = sentAcross(a); // the page's copy of the previous answer
        const rebuilt = applyValuePatch(page, sentAcross(diffValue(a, b)));
        expect(rebuilt).toEqual(b);
        if (b === a) expect(rebuilt).toBe(page);
      }),
    );
  });

  it('keep a key named __proto__ as data', () => {
    const before = JSON.parse('{"metadata": {"name": "a"}}') as unknown;
    const after = JSON.parse('{"metadata": {"name": "a"}, "__proto__": {"polluted": true}}') as unknown;
    const rebuilt = applyValuePatch(before, sentAcross(diffValue(before, after))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
    expect(Object.keys(rebuilt)).toEqual(['metadata', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('on a large workload, a key typed into one container sends that container only', () => {
    const text = generateWorkload(100, 100);
    const at = text.indexOf('image: ') + 'image'.length;
    const a = validateText(text);
    const b = validateText(text.slice(0, at) + 'x' + text.slice(at), { previous: a.parsed });
    const page = sentAcross(a.parsed.value) as { containers: Record<string, unknown>; resources: unknown };
    const patch = diffValue(a.parsed.value, b.parsed.value);
    const rebuilt = applyValuePatch(page, sentAcross(patch)) as typeof page;
    expect(rebuilt).toEqual(b.parsed.value);
    expect(rebuilt.resources).toBe(page.resources);
    const names = Object.keys(rebuilt.containers);
    expect(names.filter((n) => rebuilt.containers[n] !== page.containers[n])).toEqual(['svc-000']);
    expect(JSON.stringify(patch).length).toBeLessThan(JSON.stringify(b.parsed.value).length / 20);
  });
});

describe('placeholder patches', () => {
  const texts = templates.map((t) => t.text);

  it('rebuild the placeholders after any edit of a template', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.nat(),
        fc.nat({ max: 12 }),
        fc.constantFrom('', 'x', '${resources.db.host}', '\n', ' ', '${'),
        (text, where, removed, inserted) => {
          const at = where % (text.length + 1);
          const next = text.slice(0, at) + inserted + text.slice(at + removed);
          const a = validateText(text);
          const b = validateText(next, { previous: a.parsed });
          const before = a.parsed.blocked ? [] : findWorkloadPlaceholders(a.parsed);
          const after = b.parsed.blocked ? [] : findWorkloadPlaceholders(b.parsed);
          const patch = diffPlaceholders(before, after, next.length - text.length);
          expect(applyPlaceholderPatch(sentAcross(before), sentAcross(patch))).toEqual(after);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('send only the placeholders the edit touched', () => {
    const text = generateWorkload(100, 100);
    const before = findWorkloadPlaceholders(validateText(text).parsed);
    // A key typed into the first container moves every placeholder; into the last one, almost none.
    for (const at of [text.indexOf('image: '), text.lastIndexOf('image: ')]) {
      const next = text.slice(0, at) + 'x' + text.slice(at);
      const after = findWorkloadPlaceholders(validateText(next).parsed);
      const patch = diffPlaceholders(before, after, 1);
      expect(patch.middle).toEqual([]);
      expect(patch.head + patch.tail).toBe(after.length);
      const rebuilt = applyPlaceholderPatch(before, patch);
      expect(rebuilt).toEqual(after);
      const unmoved = before.filter((p) => p.start < at);
      expect(rebuilt.slice(0, unmoved.length).every((p, i) => p === before[i])).toBe(true);
    }
  });
});
