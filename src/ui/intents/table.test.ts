import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from '../../core/document/parse';
import { deriveGraph, planConnectionFrom, planRemoval } from '../../core/graph';
import { createDocumentStore } from '../../state/document/store';
import { intentForKey, performOrExplain } from './dispatch';
import { ariaKeyShortcuts, matchesKey, shortcutText, type KeyBinding } from './keys';
import {
  allIntents,
  intents,
  targetIn,
  type AppControls,
  type CanvasControls,
  type IntentContext,
  type Scope,
  type StatusControls,
} from './table';

/** A key event for a binding, with Shift as the binding has it (or not held when either will do). */
const eventOf = (k: KeyBinding, withShift = k.shift === true) => ({
  key: k.key,
  ctrlKey: k.mod === true,
  metaKey: false,
  shiftKey: withShift,
  altKey: false,
});

describe('the table of intents', () => {
  it('gives each intent its own name, the one it is listed under, and a label', () => {
    for (const [name, intent] of Object.entries(intents)) {
      expect(intent.name).toBe(name);
      expect(intent.label).not.toBe('');
    }
  });

  it('binds no key to two intents, in one scope or in scopes that hold one another', () => {
    // Scopes nest (the page's keys work in the workspace, whose keys work on the canvas), so a key
    // bound twice anywhere would reach one of the two by chance.
    const scopes: Scope[] = ['page', 'workspace', 'canvas'];
    expect(new Set(allIntents.map((i) => i.scope))).toEqual(new Set(scopes));
    const clashes: string[] = [];
    for (const a of allIntents) {
      for (const b of allIntents) {
        if (a === b) continue;
        for (const k of a.keys) {
          const shifts = k.shift === 'any' ? [false, true] : [k.shift === true];
          for (const shift of shifts) {
            if (b.keys.some((other) => matchesKey(other, eventOf(k, shift)))) clashes.push(`${a.name} / ${b.name}`);
          }
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('finds each intent from its own keys, and nothing from a key with Alt held', () => {
    for (const intent of allIntents) {
      for (const k of intent.keys) expect(intentForKey(intent.scope, eventOf(k))).toBe(intent);
    }
    expect(intentForKey('workspace', { ...eventOf({ key: 'z', mod: true }), altKey: true })).toBeUndefined();
    expect(intentForKey('workspace', eventOf({ key: 'z' }))).toBeUndefined();
    expect(intentForKey('workspace', { ...eventOf({ key: 'z', mod: true }), ctrlKey: false, metaKey: true })).toBe(
      intents.undo,
    );
  });

  it('writes its keys for people (tooltips) and for assistive technology', () => {
    expect(shortcutText(intents.undo.keys)).toBe('Ctrl+Z');
    expect(shortcutText(intents.redo.keys)).toBe('Ctrl+Shift+Z');
    expect(shortcutText(intents.connect.keys)).toBe('C');
    expect(ariaKeyShortcuts(intents.undo.keys)).toBe('Control+Z Meta+Z');
    expect(ariaKeyShortcuts(intents.save.keys)).toBe('Control+S Meta+S');
    expect(ariaKeyShortcuts(intents.remove.keys)).toBe('Delete Backspace');
  });
});

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx
resources:
  db:
    type: postgres
`;

const parsed = parseWorkloadText(text);
const graph = deriveGraph(parsed);

/** A canvas that records what it was asked, over the graph of the text. */
function recordingCanvas(asked: string[]): CanvasControls {
  return {
    graph: () => graph,
    addContainer: () => asked.push('addContainer'),
    toggleResourceTypes: () => asked.push('toggleResourceTypes'),
    connect: (id) => asked.push(`connect ${id}`),
    rename: (id) => asked.push(`rename ${id}`),
    remove: (id) => asked.push(`remove ${id}`),
    layout: () => asked.push('layout'),
    setDirection: (direction) => asked.push(`direction ${direction}`),
    exportDiagram: () => asked.push('exportDiagram'),
    // As the canvas says it: from the core's plans.
    refusal: (intent, id) => {
      const plan = intent === 'connect' ? planConnectionFrom(graph, id) : planRemoval(graph, parsed, id);
      return plan.kind === 'refused' ? plan.reason : undefined;
    },
  };
}

describe('when an intent applies', () => {
  const document = createDocumentStore({ text, origin: 'a template' });

  it('undo and redo apply when the history has a step to take, and take it', () => {
    const store = createDocumentStore({ text, origin: 'a template' });
    const ctx: IntentContext = { document: store, from: 'page' };
    expect(intents.undo.applies(ctx)).toBe(false);
    store.getState().runCommand('addContainer', { name: 'api', image: 'api' });
    expect(intents.undo.applies(ctx)).toBe(true);
    expect(intents.redo.applies(ctx)).toBe(false);
    intents.undo.perform(ctx);
    expect(store.getState().text).toBe(text);
    expect(intents.redo.applies(ctx)).toBe(true);
    expect(intents.undo.applies({ document: createDocumentStore({ text: '', origin: null }), from: 'page' })).toBe(
      false,
    );
  });

  it('connect applies to a container; on a resource or the workload its key says why not, on an edge nothing', () => {
    const asked: string[] = [];
    const explained: string[] = [];
    const at = (target: string): IntentContext => ({
      document,
      from: 'page',
      canvas: recordingCanvas(asked),
      target: targetIn(graph, target),
      explain: (why) => explained.push(why),
    });
    expect(performOrExplain(intents.connect, at('container:web'))).toBe(true);
    expect(performOrExplain(intents.connect, at('resource:db'))).toBe(true);
    expect(performOrExplain(intents.connect, at('workload'))).toBe(true);
    expect(performOrExplain(intents.connect, at('uses:container:web->resource:gone'))).toBe(false);
    expect(performOrExplain(intents.connect, { ...at('x'), target: { id: 'uses:a->b', kind: 'edge' } })).toBe(false);
    expect(asked).toEqual(['connect container:web']);
    expect(explained).toHaveLength(2);
    expect(explained[0]).toMatch(/^Connections start at a container/);
  });

  it('the layout directions apply on the canvas, from their keys too, and choose the direction', () => {
    const asked: string[] = [];
    const ctx: IntentContext = { document, from: 'page', canvas: recordingCanvas(asked) };
    expect(intentForKey('canvas', eventOf({ key: 'v' }))).toBe(intents.layoutTopToBottom);
    expect(intentForKey('canvas', eventOf({ key: 'H', shift: true }, true))).toBe(intents.layoutLeftToRight);
    expect(performOrExplain(intents.layoutTopToBottom, ctx)).toBe(true);
    expect(performOrExplain(intents.layoutLeftToRight, ctx)).toBe(true);
    expect(asked).toEqual(['direction top-to-bottom', 'direction left-to-right']);
    // Listed where Auto layout is: the canvas's context menu.
    expect(intents.layoutTopToBottom.menu).toEqual(intents.autoLayout.menu);
    expect(intents.layoutTopToBottom.applies({ document, from: 'page' })).toBe(false);
  });

  it('remove applies to containers, resources and edges, and says why the workload cannot go', () => {
    const asked: string[] = [];
    const explained: string[] = [];
    const at = (target: string): IntentContext => ({
      document,
      from: 'page',
      canvas: recordingCanvas(asked),
      target: targetIn(graph, target),
      explain: (why) => explained.push(why),
    });
    expect(performOrExplain(intents.remove, at('resource:db'))).toBe(true);
    expect(performOrExplain(intents.remove, at('workload'))).toBe(true);
    expect(asked).toEqual(['remove resource:db']);
    expect(explained).toEqual(['The workload itself cannot be removed; remove its containers or resources.']);
    expect(intents.rename.applies(at('workload'))).toBe(true);
    expect(intents.rename.applies({ ...at('x'), target: { id: 'before:a->b', kind: 'edge' } })).toBe(false);
    expect(intents.remove.applies({ ...at('x'), target: { id: 'before:a->b', kind: 'edge' } })).toBe(true);
    expect(targetIn(graph, 'container:gone')).toBeUndefined();
  });

  it('Picture of the diagram applies on the canvas, whatever is selected (or nothing), and opens its dialog there', () => {
    const asked: string[] = [];
    const canvas = recordingCanvas(asked);
    for (const target of [undefined, { id: 'container:web', kind: 'container' as const }]) {
      const ctx: IntentContext = { document, from: 'page', canvas, target };
      expect(intents.exportDiagram.applies(ctx)).toBe(true);
      intents.exportDiagram.perform(ctx);
    }
    expect(asked).toEqual(['exportDiagram', 'exportDiagram']);
    expect(shortcutText(intents.exportDiagram.keys)).toBe('E');
  });

  it('the canvas’s intents do not apply away from the canvas', () => {
    const ctx: IntentContext = { document, from: 'page' };
    for (const intent of allIntents.filter((i) => i.scope === 'canvas')) expect(intent.applies(ctx)).toBe(false);
  });

  it('the Status pane’s intents apply where the app has the pane, those of the Workload resource once it has one', () => {
    const asked: string[] = [];
    const held: { yaml?: string } = {};
    const record = (name: string) => () => void asked.push(name);
    const status: StatusControls = { resourceYaml: () => held.yaml, perform: (act) => record(act)() };
    const app = { status } as unknown as AppControls;
    const withPane: IntentContext = { document, from: 'page', app };
    const names = ['toggleStatus', 'loadPlatformFile', 'loadExamplePlatform'] as const;
    const resource = ['copyWorkloadResource', 'downloadWorkloadResource'] as const;
    for (const name of [...names, ...resource]) expect(intents[name].applies({ document, from: 'page' })).toBe(false);
    for (const name of names) expect(intents[name].applies(withPane)).toBe(true);
    for (const name of resource) expect(intents[name].applies(withPane)).toBe(false);
    held.yaml = 'apiVersion: score.dev/v1b1\nkind: Workload\n';
    for (const name of resource) expect(intents[name].applies(withPane)).toBe(true);
    const closed = createDocumentStore({ text: '', origin: null });
    expect(intents.toggleStatus.applies({ document: closed, from: 'page', app })).toBe(false);
    for (const name of [...names, ...resource]) intents[name].perform(withPane);
    expect(asked).toEqual(['toggle', 'chooseFiles', 'loadExample', 'copyResource', 'downloadResource']);
  });
});
