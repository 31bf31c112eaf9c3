import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../core/catalog/catalog';
import { applyFix, fixChoice } from './quick-fixes';
import { createDocumentStore } from './store';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    resources:
      limits:
        memory: "512mb" # for the cache
  worker:
    image: worker
    resources:
      limits:
        memory: 1gb
`;

const memoryOf = (container: string) => `/containers/${container}/resources/limits/memory`;

describe('quick fixes in the store', () => {
  it('offers a problem’s fixes, previewed, and the fix of all of its kind', () => {
    const store = createDocumentStore({ text, origin: 'a test' });
    const index = store.getState().report.diagnostics.findIndex((d) => d.path === memoryOf('web'));
    const choice = fixChoice(store, index, builtinCatalog());
    expect(choice?.fixes.map((f) => f.title)).toEqual(['Write "512Mi" instead of "512mb"']);
    expect(choice?.fixes[0]?.preview?.after).toBe('        memory: "512Mi" # for the cache');
    expect(choice?.fixAll?.title).toBe('Fix all 2: memory amounts in Score units');
    expect(choice?.text).toBe(text);
  });

  it('applies a fix as one undo step that removes its problem and keeps every other byte', () => {
    const store = createDocumentStore({ text, origin: 'a test' });
    const problem = store.getState().report.diagnostics.find((d) => d.path === memoryOf('web'))!;
    const choice = fixChoice(store, problem)!;
    expect(applyFix(store, choice.fixes[0]!, choice.text)).toBe(true);
    expect(store.getState().text).toBe(text.replace('"512mb"', '"512Mi"'));
    expect(store.getState().report.diagnostics.map((d) => d.path)).toEqual([memoryOf('worker')]);
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().text).toBe(text);
  });

  it('fixes all of a kind as one undo step', () => {
    const store = createDocumentStore({ text, origin: 'a test' });
    const choice = fixChoice(store, 0)!;
    expect(applyFix(store, choice.fixAll!, choice.text)).toBe(true);
    expect(store.getState().text).toBe(text.replace('"512mb"', '"512Mi"').replace('1gb', '1Gi'));
    expect(store.getState().report.diagnostics).toEqual([]);
    store.getState().undo();
    expect(store.getState().text).toBe(text);
  });

  it('refuses a fix planned on a text that has changed since, and says so', () => {
    const store = createDocumentStore({ text, origin: 'a test' });
    const choice = fixChoice(store, 0)!;
    store.getState().typeText(text.replace('name: shop', 'name: shop2'));
    expect(applyFix(store, choice.fixes[0]!, choice.text)).toBe(false);
    expect(store.getState().text).toContain('"512mb"');
    expect(store.getState().message?.text).toMatch(/changed after the fix was offered/);
  });

  it('finds the problem again in the text as it is now, or says it is gone', () => {
    const store = createDocumentStore({ text, origin: 'a test' });
    const problem = store.getState().report.diagnostics[1]!;
    // Typed above the problem: its line moves, and the problem is found where it is now.
    store.getState().typeText(`# a comment\n${text}`);
    const choice = fixChoice(store, problem)!;
    expect(choice.diagnostic.range.line).toBe(problem.range.line + 1);
    expect(choice.text.startsWith('# a comment')).toBe(true);
    store.getState().replaceText(text.replace('1gb', '1Gi'));
    expect(fixChoice(store, problem)).toBeUndefined();
    expect(fixChoice(store, 5)).toBeUndefined();
  });
});
