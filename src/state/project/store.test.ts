import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocumentStore, hasChanges, isOpen } from '../document/store';
import { AUTOSAVE_DELAY_MS, recoverDocument, startAutosave } from '../drafts/autosave';
import type { Draft, DraftStorage } from '../drafts/shelf';
import { createAutomationApi } from '../document/automation';
import { activeIndex, createProjectStore, otherTexts, projectAccess, unsavedOthers } from './store';

const workload = (name: string, extra = '') =>
  `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\ncontainers:\n  main:\n    image: nginx\n${extra}`;
const a = workload('workload-a', 'service:\n  ports:\n    web:\n      port: 80\n');
const b = workload(
  'workload-b',
  'resources:\n  api:\n    type: service-port\n    params:\n      workload: workload-a\n      port: web\n',
);

function open(text = a) {
  const document = createDocumentStore({ text, origin: 'test' });
  const project = createProjectStore(document);
  return { document, project };
}

describe('the project', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('holds the workload being edited, and nothing on the start screen', () => {
    expect(open().project.getState().workloads).toEqual([null]);
    const none = createDocumentStore({ text: '', origin: null });
    const project = createProjectStore(none);
    expect(project.getState().workloads).toEqual([]);
    none.getState().open(a, 'a template');
    expect(project.getState().workloads).toEqual([null]);
  });

  it('opens a workload beside the others and edits it; the one before keeps its text, history and changes', () => {
    const { document, project } = open();
    document.getState().typeText(a + '# mine\n');
    project.getState().add(b, 'workload b');
    expect(document.getState().text).toBe(b);
    expect(project.getState().workloads).toHaveLength(2);
    expect(activeIndex(project.getState())).toBe(1);
    expect(project.getState().workloads.flatMap((w) => (w ? [w.name] : []))).toEqual(['workload-a']);
    expect(otherTexts(project.getState())).toEqual([a + '# mine\n']);
    expect(unsavedOthers(project.getState())).toBe(1);

    // Back to the first: its text, what was opened and its undo history are as they were.
    expect(project.getState().select(0)).toBe(true);
    expect(document.getState().text).toBe(a + '# mine\n');
    expect(hasChanges(document.getState())).toBe(true);
    expect(project.getState().workloads.flatMap((w) => (w ? [w.name] : []))).toEqual(['workload-b']);
    expect(document.getState().undo()).toBe(true);
    expect(document.getState().text).toBe(a);
    // And the second kept its own.
    project.getState().select(1);
    expect(document.getState().text).toBe(b);
    expect(document.getState().origin).toBe('workload b');
  });

  it('a keystroke after coming back is an undo step of its own', () => {
    const { document, project } = open();
    document.getState().typeText(a + 'x');
    project.getState().add(b, 'b');
    project.getState().select(0);
    document.getState().typeText(a + 'xy');
    document.getState().undo();
    expect(document.getState().text).toBe(a + 'x');
  });

  it('closes a workload: another one is taken up, and the last one closed is the start screen', () => {
    const { document, project } = open();
    project.getState().add(b, 'b');
    project.getState().remove(1); // the one edited
    expect(document.getState().text).toBe(a);
    expect(project.getState().workloads).toEqual([null]);
    project.getState().add(b, 'b');
    project.getState().remove(0); // one put aside
    expect(document.getState().text).toBe(b);
    expect(project.getState().workloads).toEqual([null]);
    project.getState().remove(0);
    expect(isOpen(document.getState())).toBe(false);
    expect(project.getState().workloads).toEqual([]);
  });

  it('checks the one edited again when a workload put aside is closed (a link may no longer reach), and only then', () => {
    const { document, project } = open();
    const recheck = vi.spyOn(document.getState(), 'recheck');
    project.getState().add(b, 'b'); // opening checks the new one with the others as they are
    project.getState().select(0); // so does taking one up
    expect(recheck).not.toHaveBeenCalled();
    project.getState().remove(1); // b, put aside
    expect(recheck).toHaveBeenCalledTimes(1);
    expect(document.getState().text).toBe(a);
  });

  it('replaces the one edited in its place when another is opened over it (New, Open)', () => {
    const { document, project } = open();
    project.getState().add(b, 'b');
    document.getState().open(workload('workload-c'), 'c');
    expect(project.getState().workloads).toHaveLength(2);
    expect(project.getState().workloads.flatMap((w) => (w ? [w.name] : []))).toEqual(['workload-a']);
  });

  it('is kept in the draft and read back after a reload, in its order', async () => {
    const { document, project } = open();
    let stored: Draft | undefined;
    const storage: DraftStorage = {
      load: async () => stored,
      save: async (d) => void (stored = d),
      clear: async () => void (stored = undefined),
    };
    const stop = startAutosave(document, storage, { project });
    project.getState().add(b, 'b');
    project.getState().select(0);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    await Promise.resolve();
    expect(stored).toMatchObject({ text: a, others: [{ text: b, origin: 'b' }], position: 0 });
    stop();

    vi.useRealTimers();
    const recovered = await recoverDocument(storage);
    const again = createDocumentStore(recovered);
    const reloaded = createProjectStore(again, recovered.project);
    expect(again.getState().text).toBe(a);
    expect(reloaded.getState().workloads.map((w) => w?.text ?? null)).toEqual([null, b]);
  });

  it('ignores a damaged list of other workloads in a draft', async () => {
    const damaged = { text: a, openedText: a, origin: 't', savedAt: 1, others: [{ text: 3 }, 'x', null], position: 9 };
    const storage: DraftStorage = {
      load: async () => damaged as unknown as Draft,
      save: async () => {},
      clear: async () => {},
    };
    vi.useRealTimers();
    const recovered = await recoverDocument(storage);
    expect(recovered.project).toBeUndefined();
    expect(recovered.text).toBe(a);
  });

  it('is reached by the automation API: workloads(), openWorkload(text), selectWorkload(name)', () => {
    const { document, project } = open();
    const api = createAutomationApi(document, projectAccess(project, document));
    api.openWorkload(b);
    expect(api.workloads()).toEqual([
      { name: 'workload-a', text: a, active: false },
      { name: 'workload-b', text: b, active: true },
    ]);
    expect(api.selectWorkload('workload-a')).toBe(true);
    expect(api.getText()).toBe(a);
    expect(api.selectWorkload('nowhere')).toBe(false);
    expect(api.getText()).toBe(a);
    expect(() => api.openWorkload(42 as unknown as string)).toThrow(/expects the workload's text/);
  });
});
