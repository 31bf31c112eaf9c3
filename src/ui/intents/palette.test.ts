import { describe, expect, it } from 'vitest';
import { createDocumentStore } from '../../state/document/store';
import { shortcutText } from './keys';
import { paletteEntries, searchEntries, sheetRows, SHEET_SECTIONS } from './palette';
import { allIntents, intents, problemToFix, type AppControls, type IntentContext } from './table';

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
    resources:
      limits:
        memory: 512mb
`;

/** The app's controls, recording what they were asked. */
function recordingApp(asked: string[]): AppControls {
  const record = (name: string) => () => void asked.push(name);
  return {
    openPalette: record('openPalette'),
    showKeys: record('showKeys'),
    newFromTemplate: record('newFromTemplate'),
    openFile: record('openFile'),
    showCatalog: record('showCatalog'),
    showLibrary: record('showLibrary'),
    showQuickFixes: (index) => void asked.push(`showQuickFixes ${index}`),
    focusPane: (step) => void asked.push(`focusPane ${step}`),
  };
}

describe('the command palette', () => {
  const document = createDocumentStore({ text, origin: 'a template' });

  it('lists every intent of the table, once, in the table’s order, with its shortcut', () => {
    const entries = paletteEntries({ document, from: 'page', app: recordingApp([]) }, false);
    expect(entries.map((e) => e.intent)).toEqual(allIntents);
    for (const entry of entries) expect(entry.shortcut).toBe(shortcutText(entry.intent.keys));
    expect(entries.find((e) => e.intent === intents.commandPalette)?.shortcut).toBe('Ctrl+K');
    expect(entries.find((e) => e.intent === intents.undo)?.shortcut).toBe('Ctrl+Z');
  });

  it('enables an entry only where its intent applies, and no writing intent while the YAML does not parse', () => {
    const asked: string[] = [];
    const ctx: IntentContext = { document, from: 'page', app: recordingApp(asked) };
    const enabled = (stale: boolean) =>
      paletteEntries(ctx, stale)
        .filter((e) => e.enabled)
        .map((e) => e.intent.name);
    // Away from the canvas its intents do not apply; nothing to undo or redo yet.
    expect(enabled(false)).toEqual([
      'commandPalette',
      'keyboardSheet',
      'newFromTemplate',
      'openFile',
      'showCatalog',
      'showLibrary',
      'save',
      'nextPane',
      'previousPane',
      'nextProblem',
      'previousProblem',
      'quickFix',
    ]);
    expect(enabled(true)).not.toContain('quickFix');
    // Without the app around it (a pane alone), the app's intents do not apply.
    expect(
      paletteEntries({ document, from: 'page' }, false).find((e) => e.intent === intents.showCatalog)?.enabled,
    ).toBe(false);
  });

  it('finds entries by every word typed, in label, description, name or shortcut, those that apply first', () => {
    const entries = paletteEntries({ document, from: 'page', app: recordingApp([]) }, false);
    const labels = (query: string) => searchEntries(entries, query).map((e) => e.intent.label);
    expect(labels('')).toHaveLength(allIntents.length);
    expect(labels('UNDO')).toEqual(['Undo']);
    expect(labels('ctrl+shift')).toEqual(['Show all commands', 'Redo']);
    expect(labels('problem next')).toEqual(['Go to next problem']);
    expect(labels('catalog')).toEqual(['Catalog']);
    expect(labels('nothing like this')).toEqual([]);
    // Connect does not apply away from the canvas: after those that do.
    const found = searchEntries(entries, 'o');
    const firstOff = found.findIndex((e) => !e.enabled);
    expect(firstOff).toBeGreaterThan(0);
    expect(found.slice(firstOff).every((e) => !e.enabled)).toBe(true);
  });

  it('runs the app’s intents through the app, and Quick fix on the current problem, else the first with a fix', () => {
    const asked: string[] = [];
    const store = createDocumentStore({ text: `${text}  db:\n    image: 5\n`, origin: 'a template' });
    const ctx: IntentContext = { document: store, from: 'page', app: recordingApp(asked) };
    for (const intent of [intents.commandPalette, intents.keyboardSheet, intents.showLibrary]) intent.perform(ctx);
    const { diagnostics } = store.getState().report;
    expect(diagnostics.length).toBeGreaterThan(1);
    const fixable = diagnostics.findIndex((d) => d.path === '/containers/web/resources/limits/memory');
    expect(problemToFix(ctx)).toBe(fixable);
    store.getState().showProblem(fixable, false);
    intents.quickFix.perform(ctx);
    expect(asked).toEqual(['openPalette', 'showKeys', 'showLibrary', `showQuickFixes ${fixable}`]);
    const clean = createDocumentStore({ text: text.replace('512mb', '512Mi'), origin: 'a template' });
    expect(intents.quickFix.applies({ ...ctx, document: clean })).toBe(false);
  });
});

describe('the keyboard sheet', () => {
  it('lists every key the table binds, under where it works, and nothing else', () => {
    const listed = SHEET_SECTIONS.flatMap(({ scope }) =>
      sheetRows(scope).flatMap((r) => r.keys.map((k) => `${r.label}: ${k}`)),
    );
    const bound = allIntents.flatMap((i) => i.keys.map((k) => `${i.label}: ${shortcutText([k])}`));
    expect(new Set(listed)).toEqual(new Set(bound));
    expect(listed).toHaveLength(bound.length);
    expect(sheetRows('workspace').find((r) => r.label === 'Redo')?.keys).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
    expect(sheetRows('page').map((r) => r.label)).toEqual([
      'Show all commands',
      'Keyboard shortcuts',
      'Save',
      'Focus next pane',
      'Focus previous pane',
    ]);
  });
});
