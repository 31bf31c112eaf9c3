import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../core/catalog';
import { parseWorkloadText } from '../../../core/document/parse';
import { findTemplate, templates } from '../../../core/templates';
import { validateText } from '../../../core/validate';
import type { Catalog } from '../../../core/catalog/types';
import { runApart, typingRehearsal } from './rehearsal-steps';

/** Runs a rehearsal's steps at once; whether there was a place to type in. */
function rehearseNow(parsed: Parameters<typeof typingRehearsal>[0], catalog?: Catalog): boolean {
  const steps = typingRehearsal(parsed, catalog);
  for (const step of steps) step();
  return steps.length > 0;
}

const snapshot = (parsed: ReturnType<typeof parseWorkloadText>) => ({
  text: parsed.text,
  yaml: parsed.doc?.toString(),
  value: JSON.stringify(parsed.value),
  range: parsed.doc?.range.join(),
});

describe('rehearsing the check of typing', () => {
  it('leaves the reading it starts from as it was, so that the real check from it is the same', () => {
    for (const { name, text } of templates) {
      const report = validateText(text);
      const before = snapshot(report.parsed);
      expect(rehearseNow(report.parsed), name).toBe(true);
      expect(snapshot(report.parsed), name).toEqual(before);
      // The user's keystroke, checked from that reading after the rehearsal, as from a fresh parse.
      const typed = text.replace(/\n(\s+)image: /, '\n$1imagey: ');
      const fromReading = validateText(typed, { previous: report.parsed });
      const fresh = validateText(typed);
      expect(fromReading.diagnostics, name).toEqual(fresh.diagnostics);
      expect(fromReading.parsed.doc?.toString(), name).toBe(fresh.parsed.doc?.toString());
    }
  });

  it('runs the catalog layer when there is a catalog, and never throws', () => {
    const text = findTemplate('ecommerce-frontend')!.text;
    const catalog = buildCatalog([]).catalog;
    const report = validateText(text, { catalog });
    expect(rehearseNow(report.parsed, catalog)).toBe(true);
  });

  it('has nothing to rehearse in a text with no nested key, or that cannot be read', () => {
    expect(rehearseNow(validateText('apiVersion: score.dev/v1b1\n').parsed)).toBe(false);
    expect(rehearseNow(validateText('containers: [\n  web:\n').parsed)).toBe(false);
  });
});

describe('a rehearsal in steps', () => {
  it('is a keystroke and its taking back at each place, and stopped after any step leaves the reading as it was', () => {
    const text = findTemplate('ml-inference-service')!.text;
    const steps = typingRehearsal(validateText(text).parsed);
    expect(steps).toHaveLength(4);
    for (let done = 1; done <= steps.length; done++) {
      const report = validateText(text);
      const before = snapshot(report.parsed);
      typingRehearsal(report.parsed)
        .slice(0, done)
        .forEach((step) => step());
      expect(snapshot(report.parsed)).toEqual(before);
    }
    expect(typingRehearsal(validateText('containers: [\n').parsed)).toEqual([]);
  });

  it('runs one step per task, lets what was asked meanwhile go first, and stops when told', async () => {
    const task = () => new Promise((resolve) => setTimeout(resolve, 0));
    const ran: string[] = [];
    const stop = runApart(['a', 'b', 'c', 'd'].map((name) => () => void ran.push(name)));
    expect(ran).toEqual([]); // nothing before the page is free
    setTimeout(() => ran.push('check'), 0);
    await task();
    expect(ran).toEqual(['a', 'check']);
    await task();
    expect(ran).toEqual(['a', 'check', 'b']);
    stop();
    await task();
    await task();
    expect(ran).toEqual(['a', 'check', 'b']);
    // Run to the end, stopping does nothing.
    const all: number[] = [];
    const done = runApart([1, 2].map((n) => () => void all.push(n)));
    await task();
    await task();
    done();
    expect(all).toEqual([1, 2]);
  });
});
