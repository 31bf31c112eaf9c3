import { describe, expect, it } from 'vitest';
import { createAutomationApi, lendCanvasView, type DiagramRequest } from './automation';
import { createDocumentStore, hasChanges } from './store';

const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';

describe('the automation API', () => {
  it('reads and replaces the text, and reports the problems of the text it has just been given', () => {
    const store = createDocumentStore({ text: 'apiVersion: score.dev/v1b1\n', origin: 'test' });
    const api = createAutomationApi(store);
    expect(api.getText()).toBe('apiVersion: score.dev/v1b1\n');
    api.setText(text);
    expect(api.getText()).toBe(text);
    expect(store.getState().text).toBe(text);
    expect(hasChanges(store.getState())).toBe(true);
    expect(api.getDiagnostics()).toEqual([]);
    api.setText(text.replace('    image: nginx\n', ''));
    const diagnostics = api.getDiagnostics();
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics[0]!.severity).toBe('error');
    expect(store.getState().undo()).toBe(true);
    expect(api.getText()).toBe(text);
  });

  it('runs commands and returns their result; a refusal changes nothing', () => {
    const store = createDocumentStore({ text, origin: 'test' });
    const api = createAutomationApi(store);
    const result = api.run('setVariable', { container: 'web', name: 'PORT', value: '80' });
    expect(result).toMatchObject({ text: api.getText(), selection: '/containers/web/variables/PORT' });
    expect(api.getText()).toContain('PORT: "80"');
    const after = api.getText();
    expect(api.run('removeContainer', { name: 'nope' })).toEqual({ error: expect.any(String) });
    expect(api.getText()).toBe(after);
  });

  it('selects by JSON Pointer and refuses what is not one', () => {
    const store = createDocumentStore({ text, origin: 'test' });
    const api = createAutomationApi(store);
    api.select('/containers/web');
    expect(store.getState().selection).toEqual({ pointer: '/containers/web', source: 'automation' });
    expect(() => api.select('containers')).toThrow(TypeError);
  });

  it('hands out copies: changing them changes nothing', () => {
    const store = createDocumentStore({ text: 'metadata: {}\n', origin: 'test' });
    const api = createAutomationApi(store);
    const first = api.getDiagnostics();
    first.length = 0;
    expect(api.getDiagnostics().length).toBeGreaterThan(0);
  });

  it('refuses what is not text', () => {
    const api = createAutomationApi(createDocumentStore({ text: '', origin: 'test' }));
    expect(() => api.setText(42 as unknown as string)).toThrow(TypeError);
    expect(api.getText()).toBe('');
  });

  it('asks the canvas on screen for its picture and its view, checking the request; without it, says so', async () => {
    const api = createAutomationApi(createDocumentStore({ text, origin: 'test' }));
    await expect(api.exportDiagram({ format: 'svg' })).rejects.toThrow(/graph is not on screen/);
    expect(() => api.view()).toThrow(/graph is not on screen/);
    const asked: DiagramRequest[] = [];
    const takeBack = lendCanvasView({
      view: () => ({ zoom: 0.9, x: 12, y: -4 }),
      exportDiagram: (request) => {
        asked.push(request);
        return Promise.resolve(`<svg>${request.format}</svg>`);
      },
    });
    expect(api.view()).toEqual({ zoom: 0.9, x: 12, y: -4 });
    await expect(api.exportDiagram({ format: 'png', theme: 'dark', selection: true })).resolves.toBe('<svg>png</svg>');
    expect(asked).toEqual([{ format: 'png', theme: 'dark', selection: true }]);
    for (const wrong of [
      undefined,
      {},
      { format: 'gif' },
      { format: 'svg', theme: 'blue' },
      { format: 'svg', selection: 1 },
    ]) {
      await expect(api.exportDiagram(wrong as never)).rejects.toThrow(TypeError);
    }
    expect(asked).toHaveLength(1);
    takeBack();
    expect(() => api.view()).toThrow(/graph is not on screen/);
  });
});
