import { beforeEach, describe, expect, it } from 'vitest';
import { createDocumentStore, type DocumentStore } from '../../state/document/store';
import { configureMonaco, MODEL_URI, type Monaco } from './monaco-setup';
import { mountYamlEditor } from './yaml-editor';

/**
 * The YAML pane's binding to the store, on the real Monaco: a change made elsewhere reaches the
 * editor once the next frame has been drawn, and nothing the user does in the editor meanwhile works
 * on the text as it was.
 */

const text = `apiVersion: score.dev/v1b1
metadata:
  name: shop
containers:
  web:
    image: nginx:1.27
`;

const monaco: Monaco = configureMonaco();
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Long enough for the work asked for after the next frame to have been done. */
const settled = async () => {
  for (let i = 0; i < 3; i++) await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

// One editor for all the tests, as in the app, and never disposed (the page goes with the file):
// disposed, Monaco rejects a pending word highlight with "Canceled" that nobody catches, and the run
// would print it. Each test starts from the same text, opened afresh.
const host = document.createElement('div');
host.style.cssText = 'width: 600px; height: 300px';
document.body.append(host);
const store: DocumentStore = createDocumentStore({ text, origin: 'a test' });
mountYamlEditor(monaco, host, store, { ariaLabel: 'Workload YAML', modelUri: MODEL_URI });
const model = () => monaco.editor.getModel(monaco.Uri.parse(MODEL_URI))!;
const editor = () => monaco.editor.getEditors()[0]!;
const errorLines = () =>
  monaco.editor
    .getModelMarkers({ resource: model().uri })
    .filter((m) => m.severity === monaco.MarkerSeverity.Error)
    .map((m) => m.startLineNumber);

beforeEach(async () => {
  store.getState().open(text, 'a test');
  await settled();
  expect(model().getValue()).toBe(text);
});

describe('the YAML pane and changes made elsewhere', () => {
  it('takes a command’s change once the next frame has been drawn, with its problems', async () => {
    store.getState().runCommand('setField', { pointer: '/containers/web/image', value: 'nginx:1.28' });
    const changed = store.getState().text;
    expect(changed).toContain('image: nginx:1.28');
    expect(model().getValue()).toBe(text); // not in the frame that shows the change elsewhere

    await settled();
    expect(model().getValue()).toBe(changed);

    store.getState().replaceText(changed.replace('image: ', 'imag: '));
    await settled();
    // The markers are placed in the text they were found in, once the editor holds it.
    expect(model().getValue()).toBe(store.getState().text);
    expect(errorLines()).toContain(6);
  });

  it('brings several changes in at once, and a workload opened meanwhile as a fresh text', async () => {
    store.getState().runCommand('setField', { pointer: '/containers/web/image', value: 'nginx:1.28' });
    store.getState().runCommand('setField', { pointer: '/metadata/name', value: 'store' });
    await settled();
    expect(model().getValue()).toBe(store.getState().text);
    expect(model().getValue()).toContain('name: store');

    editor().setPosition({ lineNumber: 6, column: 5 });
    store.getState().runCommand('setField', { pointer: '/metadata/name', value: 'again' });
    store.getState().open('apiVersion: score.dev/v1b1\nmetadata:\n  name: other\n', 'another file');
    await settled();
    expect(model().getValue()).toBe('apiVersion: score.dev/v1b1\nmetadata:\n  name: other\n');
    expect(editor().getPosition()?.lineNumber).toBe(1); // a fresh start
  });

  it('catches up before the user types: the keystroke lands in the new text, and both are kept', () => {
    editor().setPosition({ lineNumber: 3, column: 13 }); // after "name: shop"
    store.getState().runCommand('setField', { pointer: '/containers/web/image', value: 'nginx:1.28' });
    expect(model().getValue()).toBe(text);

    editor().trigger('keyboard', 'type', { text: 's' });
    expect(store.getState().text).toBe(text.replace('name: shop', 'name: shops').replace('1.27', '1.28'));
    expect(model().getValue()).toBe(store.getState().text);
  });

  it('catches up before a paste, and before a pointer is pressed on the text', () => {
    editor().setPosition({ lineNumber: 6, column: 5 });
    store.getState().runCommand('setField', { pointer: '/metadata/name', value: 'a-much-longer-name' });
    editor().trigger('keyboard', 'paste', { text: '# pasted\n    ' });
    expect(store.getState().text).toBe(
      text.replace('name: shop', 'name: a-much-longer-name').replace('    image', '    # pasted\n    image'),
    );
    expect(model().getValue()).toBe(store.getState().text);

    store.getState().runCommand('setField', { pointer: '/metadata/name', value: 'shop' });
    expect(model().getValue()).not.toBe(store.getState().text);
    host.querySelector('.view-lines')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(model().getValue()).toBe(store.getState().text);
  });

  it('shows the problems found after typing once the next frame has been drawn', async () => {
    editor().setPosition({ lineNumber: 6, column: 10 }); // after "image"
    editor().trigger('keyboard', 'type', { text: 'x' });
    store.getState().flush(); // the check that follows typing, made now
    expect(store.getState().report.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(errorLines()).toEqual([]); // not in the frame that shows the problems elsewhere

    await settled();
    expect(errorLines()).toContain(6);
  });

  it('catches up before revealing a problem: the range is in the store’s text', () => {
    store.getState().replaceText(`# a comment that moves every line down\n${text.replace('image: ', 'imag: ')}`);
    const index = store.getState().report.diagnostics.findIndex((d) => d.severity === 'error');
    store.getState().showProblem(index, false);
    expect(model().getValue()).toBe(store.getState().text);
    expect(editor().getSelection()?.startLineNumber).toBe(store.getState().report.diagnostics[index]!.range.line);
  });
});

describe('a text that mixes line ends', () => {
  // Monaco holds one kind of line end; the store keeps the file's, byte for byte.
  const mixed = text.replace('metadata:\n', 'metadata:\r\n').replace('  web:\n', '  web:\r\n');
  const lines = (t: string) => t.split(/\r\n|\n|\r/);

  it('takes a change made elsewhere where it was made, with no line more', async () => {
    store.getState().open(mixed, 'a test');
    await settled();
    store.getState().runCommand('setField', { pointer: '/containers/web/image', value: 'nginx:2' });
    await settled();
    const changed = store.getState().text;
    expect(changed).toBe(mixed.replace('nginx:1.27', 'nginx:2'));
    expect(lines(model().getValue())).toEqual(lines(changed));
  });

  it('changes only what is typed: the other line ends stay as they were', async () => {
    store.getState().open(mixed, 'a test');
    await settled();
    store.getState().runCommand('setField', { pointer: '/containers/web/image', value: 'nginx:2' });
    await settled();
    editor().setPosition({ lineNumber: 1, column: 27 }); // after "score.dev/v1b1"
    editor().trigger('keyboard', 'type', { text: 'Z' });
    expect(store.getState().text).toBe(mixed.replace('nginx:1.27', 'nginx:2').replace('v1b1', 'v1b1Z'));
    editor().setPosition({ lineNumber: 3, column: 13 }); // after "name: shop"
    editor().trigger('keyboard', 'type', { text: 's' });
    expect(store.getState().text).toBe(
      mixed.replace('nginx:1.27', 'nginx:2').replace('v1b1', 'v1b1Z').replace('name: shop', 'name: shops'),
    );
    expect(lines(model().getValue())).toEqual(lines(store.getState().text));
    // The caret's place is read in the store's text: once checked, it selects the entry it stands in.
    store.getState().flush();
    expect(store.getState().selection?.pointer).toBe('/metadata/name');
  });

  it('keeps U+2028 and U+2029 as the file has them, with no dialog asking to remove them', async () => {
    const unusual = text.replace('name: shop', 'name: "sh\u2028o\u2029p"');
    store.getState().open(unusual, 'a test');
    await settled();
    editor().setPosition({ lineNumber: 6, column: 22 }); // after "nginx:1.27"
    editor().trigger('keyboard', 'type', { text: '1' });
    expect(store.getState().text).toBe(unusual.replace('1.27', '1.271'));
  });
});
