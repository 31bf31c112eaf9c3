import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../core/catalog';
import { parseWorkloadText } from '../core/document/parse';
import { findTemplate, templates } from '../core/templates';
import { validateText } from '../core/validate';
import { rehearseTyping } from './validation';

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
      expect(rehearseTyping(report.parsed), name).toBe(true);
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
    expect(rehearseTyping(report.parsed, catalog)).toBe(true);
  });

  it('has nothing to rehearse in a text with no nested key, or that cannot be read', () => {
    expect(rehearseTyping(validateText('apiVersion: score.dev/v1b1\n').parsed)).toBe(false);
    expect(rehearseTyping(validateText('containers: [\n  web:\n').parsed)).toBe(false);
  });
});
