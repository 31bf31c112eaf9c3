import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyEdits } from '../../core/commands';
import { validateText, type ValidationReport } from '../../core/validate';
import { pointerAt } from '../../core/document/source-map';
import type { BackgroundValidation } from './check/background-validation';
import { BACKGROUND_CHECK_FROM, CHECK_DELAY_MS, REHEARSE_BELOW } from './check/checker';
import { REHEARSAL_DELAY_MS, REHEARSE_FROM, WORKER_READ_DELAY_MS } from './check/idle-work';
import { createDocumentStore, doesNotParse, hasChanges, isOpen } from './store';
import { isParsedHere, lazyParsed } from './check/lazy-parsed';
import { REHEARSALS } from './check/rehearsal';

const valid = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';
const noImage = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    command: [x]\n';
const unreadable = 'apiVersion: score.dev/v1b1\nmetadata: [\n';

describe('the document store', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
  });
  afterEach(() => void vi.useRealTimers());

  it('starts with nothing open, or with the text it is given, checked at once', () => {
    expect(isOpen(createDocumentStore({ text: '', origin: null }).getState())).toBe(false);
    const store = createDocumentStore({ text: noImage, origin: 'test' });
    const { report, readable } = store.getState();
    expect(report.parsed.text).toBe(noImage);
    expect(report.valid).toBe(false);
    expect(readable).toBe(report);
    expect(hasChanges(store.getState())).toBe(false);
    expect(doesNotParse(store.getState())).toBe(false); // mistakes, but it reads
    expect(doesNotParse(createDocumentStore({ text: '', origin: 'a new workload' }).getState())).toBe(false);
    expect(doesNotParse(createDocumentStore({ text: unreadable, origin: 'broken.yaml' }).getState())).toBe(true);
  });

  it('checks typing after a pause of at most 150 ms, once for a burst of keystrokes', () => {
    const validate = vi.fn(validateText);
    const store = createDocumentStore({ text: valid, origin: 'test' }, { validate });
    expect(validate).toHaveBeenCalledTimes(1);
    for (let i = 1; i <= noImage.length; i++) store.getState().typeText(noImage.slice(0, i));
    expect(store.getState().text).toBe(noImage);
    expect(store.getState().report.valid).toBe(true); // not checked yet
    vi.advanceTimersByTime(CHECK_DELAY_MS - 1);
    expect(validate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(validate).toHaveBeenCalledTimes(2);
    expect(CHECK_DELAY_MS).toBeLessThanOrEqual(150);
    expect(store.getState().report.parsed.text).toBe(noImage);
    expect(store.getState().report.valid).toBe(false);
    expect(hasChanges(store.getState())).toBe(true);
  });

  it('checks at once when asked (blur, automation), and then not again', () => {
    const validate = vi.fn(validateText);
    const store = createDocumentStore({ text: valid, origin: 'test' }, { validate });
    store.getState().typeText(noImage);
    const report = store.getState().flush();
    expect(report.parsed.text).toBe(noImage);
    expect(store.getState().report).toBe(report);
    vi.advanceTimersByTime(1000);
    expect(store.getState().flush()).toBe(report);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('keeps the last readable version while the text does not parse, and never touches the text', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    const good = store.getState().report;
    store.getState().typeText(unreadable);
    store.getState().flush();
    expect(store.getState().text).toBe(unreadable);
    expect(store.getState().report.parsed.blocked).toBe(true);
    expect(store.getState().readable).toBe(good);
    store.getState().typeText(noImage);
    store.getState().flush();
    expect(store.getState().readable).toBe(store.getState().report);
  });

  it('opening another workload forgets the changes, the history and the previous workload', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    store.getState().typeText(noImage);
    store.getState().open(unreadable, 'broken.yaml');
    const state = store.getState();
    expect(state.text).toBe(unreadable);
    expect(state.origin).toBe('broken.yaml');
    expect(hasChanges(state)).toBe(false);
    expect(state.report.parsed.text).toBe(unreadable);
    expect(state.readable).toBe(state.report); // not the previous workload's last good version
    // Issue 39, item 6: opened broken, it is said not to parse (banner, edits off), as when typed broken.
    expect(doesNotParse(state)).toBe(true);
    expect(state.undo()).toBe(false);
    vi.advanceTimersByTime(1000); // the edit's pending check must not come back
    expect(store.getState().report.parsed.text).toBe(unreadable);
  });

  it('runs a command as one change with its minimal edits, and undo restores the exact text', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    const result = store.getState().runCommand('setVariable', { container: 'web', name: 'PORT', value: '8080' });
    expect('error' in result).toBe(false);
    const { text, lastChange, selection } = store.getState();
    expect(text).toContain('PORT: "8080"');
    expect(lastChange?.source).toBe('command');
    expect(applyEdits(valid, lastChange!.edits)).toBe(text);
    expect(selection).toEqual({ pointer: '/containers/web/variables/PORT', source: 'command' });
    expect(store.getState().report.parsed.text).toBe(text); // checked at once
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().text).toBe(valid);
    expect(store.getState().lastChange?.source).toBe('history');
    // Checked at once too: the form must not show, for a moment, a value the undo took back.
    expect(store.getState().report.parsed.text).toBe(valid);
    expect(store.getState().redo()).toBe(true);
    expect(store.getState().text).toBe(text);
    expect(store.getState().report.parsed.text).toBe(text);
  });

  it('a refused command changes nothing and says why', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    const result = store.getState().runCommand('setVariable', { container: 'nope', name: 'A', value: 'b' });
    expect(result).toEqual({ error: expect.stringContaining('nope') });
    expect(store.getState().text).toBe(valid);
    expect(store.getState().lastChange).toBeNull();
    expect(store.getState().message).toMatchObject({ kind: 'error', text: expect.stringContaining('nope') });
    expect(store.getState().undo()).toBe(false);
    // @ts-expect-error -- a name the store does not know, as an untyped caller might give
    expect(store.getState().runCommand('noSuchCommand', {})).toEqual({
      error: expect.stringContaining('noSuchCommand'),
    });
  });

  it('a command that succeeds after a refusal takes the message of the refusal away', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    store.getState().runCommand('renameContainer', { from: 'web', to: 'web.main' });
    expect(store.getState().message?.kind).toBe('error');
    store.getState().runCommand('renameContainer', { from: 'web', to: 'front' });
    expect(store.getState().text).toContain('front:');
    expect(store.getState().message).toBeNull();
  });

  it('a message said about an earlier text goes when the text changes, by typing or undo', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    store.getState().say('info', 'Removed 3 references to db.');
    store.getState().typeText(`${valid}# more\n`);
    expect(store.getState().message).toBeNull();
    store.getState().runCommand('setVariable', { container: 'nope', name: 'A', value: 'b' });
    expect(store.getState().message?.kind).toBe('error');
    store.getState().flush();
    expect(store.getState().message?.kind).toBe('error'); // a check changes no text
    store.getState().undo();
    expect(store.getState().text).toBe(valid);
    expect(store.getState().message).toBeNull();
  });

  it('runs several commands as one undo step; a refused one is skipped and returned', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    const results = store.getState().runCommands([
      { name: 'setVariable', args: { container: 'web', name: 'A', value: '1' } },
      { name: 'setVariable', args: { container: 'nope', name: 'B', value: '2' } },
      { name: 'setVariable', args: { container: 'web', name: 'C', value: '3' } },
    ]);
    expect(results.map((r) => 'error' in r)).toEqual([false, true, false]);
    const after = store.getState().text;
    expect(after).toContain('A: "1"');
    expect(after).toContain('C: "3"');
    expect(store.getState().message).toBeNull();
    expect(store.getState().undo()).toBe(true);
    expect(store.getState().text).toBe(valid);
    expect(store.getState().undo()).toBe(false);
    expect(store.getState().redo()).toBe(true);
    expect(store.getState().text).toBe(after);
  });

  it('undoes typing in steps, across commands, and back again', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' }, { now });
    const typeAtEnd = (s: string) => {
      for (const ch of s) {
        clock += 50;
        const before = store.getState().text;
        store.getState().typeText(before + ch, [{ start: before.length, end: before.length, insert: ch }]);
      }
    };
    typeAtEnd('# one');
    const afterTyping = store.getState().text;
    store.getState().runCommand('setVariable', { container: 'web', name: 'A', value: 'b' });
    const afterCommand = store.getState().text;
    clock += 10;
    typeAtEnd('!');
    const states: string[] = [];
    while (store.getState().undo()) states.push(store.getState().text);
    expect(states).toEqual([afterCommand, afterTyping, valid]);
    while (store.getState().redo()) states.push(store.getState().text);
    expect(states.slice(3)).toEqual([afterTyping, afterCommand, afterCommand + '!']);
  });

  it('ends a typing step at a new line even when the editor gives no edits (the plain text area)', () => {
    const store = createDocumentStore({ text: '# a', origin: 'test' }, { now });
    for (const text of ['# ab', '# ab\n', '# ab\nc']) {
      clock += 10;
      store.getState().typeText(text);
    }
    const states: string[] = [];
    while (store.getState().undo()) states.push(store.getState().text);
    expect(states).toEqual(['# ab\n', '# a']);
  });

  it('selects what the caret stands in, once the text has been checked', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    store.getState().selectAt(valid.indexOf('nginx'));
    expect(store.getState().selection).toEqual({ pointer: '/containers/web/image', source: 'editor' });
    const typed = valid.replace('nginx', 'nginx:1');
    store.getState().typeText(typed);
    store.getState().selectAt(typed.indexOf('web'));
    expect(store.getState().selection?.pointer).toBe('/containers/web/image'); // not yet checked
    vi.advanceTimersByTime(CHECK_DELAY_MS);
    expect(store.getState().selection).toEqual({ pointer: '/containers/web', source: 'editor' });
  });

  it('walks through the problems with F8 and Shift+F8, wrapping around, and reveals each', () => {
    const twoProblems = noImage.replace('name: shop', 'name: Shop!');
    const store = createDocumentStore({ text: twoProblems, origin: 'test' });
    const count = store.getState().report.diagnostics.length;
    expect(count).toBeGreaterThanOrEqual(2);
    const seen: number[] = [];
    for (let i = 0; i <= count; i++) {
      store.getState().walkProblems(1, false);
      seen.push(store.getState().problemIndex);
    }
    expect(seen).toEqual([...Array.from({ length: count }, (_, i) => i), 0]);
    store.getState().walkProblems(-1, true);
    const { problemIndex, reveal, selection, report } = store.getState();
    expect(problemIndex).toBe(count - 1);
    expect(reveal).toMatchObject({ range: report.diagnostics[count - 1]!.range, focus: true });
    expect(selection).toEqual({ pointer: report.diagnostics[count - 1]!.path, source: 'problems' });
  });

  it('discarding a recovered draft goes back to the start', () => {
    const store = createDocumentStore({ text: noImage, openedText: valid, origin: 'test', recovered: { savedAt: 1 } });
    expect(hasChanges(store.getState())).toBe(true);
    expect(store.getState().recovered).toEqual({ savedAt: 1 });
    store.getState().discardRecovered();
    expect(isOpen(store.getState())).toBe(false);
    expect(store.getState().text).toBe('');
    expect(store.getState().recovered).toBeNull();
  });

  describe('rehearsing the check of typing', () => {
    /** A workload of `containers` containers, of about 50 bytes each. */
    const workload = (containers: number, image = 'nginx') =>
      'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n' +
      Array.from({ length: containers }, (_, i) => `  c${i}:\n    image: ${image}\n    command: [run, "${i}"]\n`).join(
        '',
      );
    const medium = workload(30);
    const rehearsed = () => {
      const stopped: string[] = [];
      const rehearse = vi.fn<(report: ValidationReport) => () => void>(
        (report) => () => void stopped.push(report.parsed.text),
      );
      return { rehearse, stopped, texts: () => rehearse.mock.calls.map(([report]) => report.parsed.text) };
    };

    it('rehearses once the page is still after a text is opened, replaced or changed by a command', () => {
      expect(medium.length).toBeGreaterThanOrEqual(REHEARSE_FROM);
      const { rehearse, texts } = rehearsed();
      const store = createDocumentStore({ text: '', origin: null }, { rehearse });
      store.getState().open(medium, 'test');
      vi.advanceTimersByTime(REHEARSAL_DELAY_MS - 1);
      expect(rehearse).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(texts()).toEqual([medium]);
      expect(rehearse.mock.calls[0]![0]).toBe(store.getState().report); // the store's own reading

      const replaced = workload(30, 'redis');
      store.getState().replaceText(replaced);
      vi.advanceTimersByTime(REHEARSAL_DELAY_MS);
      expect(texts()).toEqual([medium, replaced]);
    });

    it('gives up the rest of a rehearsal when the text changes, typed or replaced, but not for another look at it', () => {
      const { rehearse, stopped } = rehearsed();
      const store = createDocumentStore({ text: '', origin: null }, { rehearse, now });
      store.getState().open(medium, 'test');
      vi.advanceTimersByTime(REHEARSAL_DELAY_MS);
      store.getState().flush();
      store.getState().selectAt(medium.indexOf('image'));
      expect(stopped).toEqual([]); // still rehearsing: the text is the same
      store.getState().typeText(medium + '# typed\n');
      expect(stopped).toEqual([medium]); // at the keystroke, before its check

      const replaced = workload(30, 'redis');
      store.getState().replaceText(replaced);
      vi.advanceTimersByTime(REHEARSAL_DELAY_MS);
      store.getState().replaceText(medium);
      expect(stopped).toEqual([medium, replaced]);
    });

    it('does not rehearse typing, a text typed into before the pause, a short or a long text, nor without end', () => {
      const { rehearse, texts } = rehearsed();
      const store = createDocumentStore({ text: medium, origin: 'test' }, { rehearse, now });
      store.getState().typeText(medium + '# typed\n');
      vi.advanceTimersByTime(10 * REHEARSAL_DELAY_MS);
      expect(rehearse).not.toHaveBeenCalled(); // the text it was started with was typed into at once

      expect(workload(2).length).toBeLessThan(REHEARSE_FROM);
      const long = medium + '# a long comment\n'.repeat(Math.ceil(REHEARSE_BELOW / 17));
      expect(long.length).toBeGreaterThanOrEqual(REHEARSE_BELOW);
      store.getState().open(workload(2), 'short');
      store.getState().open(long, 'long'); // checked in the worker when there is one
      vi.advanceTimersByTime(10 * REHEARSAL_DELAY_MS);
      expect(rehearse).not.toHaveBeenCalled();

      const opened = Array.from({ length: REHEARSALS + 2 }, (_, i) => workload(30, `image-${i}`));
      for (const text of opened) {
        store.getState().open(text, 'test');
        vi.advanceTimersByTime(REHEARSAL_DELAY_MS);
      }
      expect(texts()).toEqual(opened.slice(0, REHEARSALS)); // by then the code is compiled
    });
  });

  describe('with checks in the background', () => {
    /** A stand-in for the worker: answers when told to, as the real one would (lazily parsed report). */
    function fakeWorker() {
      const waiting: Array<() => void> = [];
      /** The texts the worker was asked to read (checked here, long enough for the worker). */
      const read: string[] = [];
      let failing = false;
      const background: BackgroundValidation = {
        check: (text, caret) =>
          new Promise((resolve, reject) =>
            waiting.push(() => {
              if (failing) return reject(new Error('worker failed'));
              const full = validateText(text);
              const parsed = lazyParsed(text, full.parsed.value, full.parsed.syntax, full.parsed.blocked);
              const pointer = caret !== undefined && !parsed.blocked ? pointerAt(full.parsed, caret) : undefined;
              resolve({ report: { ...full, parsed }, ...(pointer === undefined ? {} : { pointer }) });
            }),
          ),
        pointerAt: (text, caret) =>
          new Promise((resolve) => waiting.push(() => resolve(pointerAt(validateText(text).parsed, caret)))),
        read: (parsed) => {
          read.push(parsed.text);
          return Promise.resolve();
        },
        exportedVariables: () => Promise.reject(new Error('not asked of the store')),
      };
      const answer = async () => {
        for (const run of waiting.splice(0)) run();
        await Promise.resolve();
        await Promise.resolve();
      };
      return { background, answer, read, fail: () => (failing = true), pending: () => waiting.length };
    }

    it('checks typing in the background, and the caret selects from its answer', async () => {
      const worker = fakeWorker();
      const validate = vi.fn(validateText);
      const store = createDocumentStore(
        { text: valid, origin: 'test' },
        { validate, background: worker.background, backgroundFrom: 0 },
      );
      store.getState().typeText(noImage);
      store.getState().selectAt(noImage.indexOf('command'));
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      expect(worker.pending()).toBe(1);
      expect(store.getState().report.parsed.text).toBe(valid); // not answered yet
      await worker.answer();
      expect(store.getState().report.parsed.text).toBe(noImage);
      expect(store.getState().report.valid).toBe(false);
      expect(store.getState().selection).toEqual({ pointer: '/containers/web/command', source: 'editor' });
      expect(validate).toHaveBeenCalledTimes(1); // only the first text, here
    });

    it('ignores an answer about a text that has changed since', async () => {
      const worker = fakeWorker();
      const store = createDocumentStore(
        { text: valid, origin: 'test' },
        { background: worker.background, backgroundFrom: 0 },
      );
      store.getState().typeText(noImage);
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      store.getState().typeText(unreadable);
      await worker.answer();
      expect(store.getState().report.parsed.text).toBe(valid);
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      await worker.answer();
      expect(store.getState().report.parsed.text).toBe(unreadable);
      expect(store.getState().readable.parsed.text).toBe(valid); // the last readable version stays
    });

    it('checks a short text here, without the round trip, and a long one in the background', async () => {
      const worker = fakeWorker();
      const store = createDocumentStore({ text: valid, origin: 'test' }, { background: worker.background });
      store.getState().typeText(noImage);
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      expect(worker.pending()).toBe(0);
      expect(store.getState().report.parsed.text).toBe(noImage);
      expect(isParsedHere(store.getState().report.parsed)).toBe(true);

      const long = valid + '# a long comment\n'.repeat(Math.ceil(BACKGROUND_CHECK_FROM / 17));
      expect(long.length).toBeGreaterThanOrEqual(BACKGROUND_CHECK_FROM);
      store.getState().typeText(long);
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      expect(worker.pending()).toBe(1);
      await worker.answer();
      expect(store.getState().report.parsed.text).toBe(long);
      expect(store.getState().report.valid).toBe(true);
    });

    it('has the worker read a long text checked here once the page is still, so that its next check is a re-check', () => {
      const worker = fakeWorker();
      const long = valid + '# a long comment\n'.repeat(Math.ceil(BACKGROUND_CHECK_FROM / 17));
      const store = createDocumentStore({ text: long, origin: 'test' }, { background: worker.background });
      vi.advanceTimersByTime(WORKER_READ_DELAY_MS);
      expect(worker.read).toEqual([long]); // opened

      const edited = long.replace('nginx', 'nginx:1');
      store.getState().replaceText(edited); // checked here at once
      store.getState().replaceText(long); // before the page is still: only the last one is read
      vi.advanceTimersByTime(100);
      store.getState().flush(); // as automation's setText and a selection shown in the YAML pane do
      vi.advanceTimersByTime(WORKER_READ_DELAY_MS - 101);
      expect(worker.read).toEqual([long]);
      vi.advanceTimersByTime(1);
      expect(worker.read).toEqual([long, long]);

      store.getState().replaceText(valid); // short: checked here, never sent
      vi.advanceTimersByTime(WORKER_READ_DELAY_MS);
      expect(worker.read).toHaveLength(2);
    });

    it('checks here when the worker fails, and from then on', async () => {
      const worker = fakeWorker();
      const store = createDocumentStore(
        { text: valid, origin: 'test' },
        { background: worker.background, backgroundFrom: 0 },
      );
      worker.fail();
      store.getState().typeText(noImage);
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      await worker.answer();
      expect(store.getState().report.parsed.text).toBe(noImage);
      store.getState().typeText(valid);
      vi.advanceTimersByTime(CHECK_DELAY_MS);
      expect(worker.pending()).toBe(0);
      expect(store.getState().report.parsed.text).toBe(valid);
    });
  });
});
