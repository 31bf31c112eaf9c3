import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { applyEdits, runCommand, type Edit } from '../../../core/commands';
import { readingOf } from '../../../core/commands/run';
import { composeReadiness } from '../../../core/export/compose/readiness';
import { loadPlatform, platformStatus, type PlatformFiles } from '../../../core/orchestrator/status-view';
import { validateText } from '../../../core/validate';
import type { BackgroundValidation } from './background-validation';
import { createChecker, type Checked } from './checker';
import { lazyParsed } from './lazy-parsed';
import type { PlatformHook } from './platform-findings';
import type { CheckTimers } from './timers';
import { validation, type ReadingHint } from './validation';

/** Timers whose time moves only when the test says, and frames that come only when it says. */
function fakeTimers() {
  let now = 0;
  let timers: Array<{ at: number; run: () => void; handle: symbol }> = [];
  let frames: Array<() => void> = [];
  const api: CheckTimers = {
    after(ms, run) {
      const handle = Symbol('timer');
      timers.push({ at: now + ms, run, handle });
      return handle;
    },
    cancel(handle) {
      timers = timers.filter((t) => t.handle !== handle);
    },
    atNextFrame(run) {
      frames.push(run);
      return () => void (frames = frames.filter((f) => f !== run));
    },
  };
  return {
    api,
    advance(ms: number) {
      now += ms;
      for (let due = timers.find((t) => t.at <= now); due; due = timers.find((t) => t.at <= now)) {
        timers = timers.filter((t) => t !== due);
        due.run();
      }
    },
    frame() {
      const waiting = frames;
      frames = [];
      for (const run of waiting) run();
    },
    framesWaiting: () => frames.length,
  };
}

type Update = { text: string };

/** A checker over a store of its own: the text, and the report it was last checked to. */
function checkerWith(text: string, options: Parameters<typeof createChecker>[1] = {}) {
  const first = validateText(text);
  const state: { text: string } & Checked = { text, report: first, readable: first };
  const checker = createChecker<Update>(
    {
      text: () => state.text,
      checked: () => state,
      caret: () => undefined,
      adopt: (checked, _caret, change) => Object.assign(state, change, checked),
      store: (change) => Object.assign(state, change),
    },
    options,
  );
  /** Types `insert` at `at`, as an editor pane does: the new text with the edit that made it. */
  const type = (at: number, insert: string) => {
    const before = state.text;
    const edits: Edit[] = [{ start: at, end: at, insert }];
    checker.changed({ text: applyEdits(before, edits) }, before, edits, { now: false });
  };
  return { state, checker, type };
}

const workload = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';
const end = workload.indexOf('nginx') + 'nginx'.length;

describe('the checker', () => {
  it('checks typing after the pause, at the start of the next frame, once for a burst of keystrokes', () => {
    const time = fakeTimers();
    const validate = vi.fn(validation());
    const { state, type } = checkerWith(workload, { timers: time.api, validate, delayMs: 150 });
    type(end, ':');
    time.advance(100);
    type(end + 1, '1');
    time.advance(149);
    expect(time.framesWaiting()).toBe(0); // the pause starts again with each keystroke
    time.advance(1);
    expect(validate).not.toHaveBeenCalled(); // not before the frame starts
    time.frame();
    expect(validate).toHaveBeenCalledTimes(1);
    expect(state.report.parsed.text).toBe(workload.replace('nginx', 'nginx:1'));
  });

  it('hands the check the edits since the last one, the keystrokes joined, and the reading they are from', () => {
    const time = fakeTimers();
    const hints: Array<ReadingHint | undefined> = [];
    const validate = validation();
    const { state, type } = checkerWith(workload, {
      timers: time.api,
      validate: (text, hint) => (hints.push(hint), validate(text, hint)),
    });
    const before = state.report.parsed;
    type(end, ':');
    type(end + 1, '1');
    type(end + 2, '2');
    time.advance(1000);
    time.frame();
    expect(hints).toEqual([{ previous: before, edits: [{ start: end, end, insert: ':12' }] }]);
    expect(state.report.diagnostics).toEqual(validateText(state.text).diagnostics);
  });

  it('hands on the reading a command made of its result, so that the text is not read again', () => {
    const hints: Array<ReadingHint | undefined> = [];
    const validate = validation();
    const { state, checker } = checkerWith(workload, {
      validate: (text, hint) => (hints.push(hint), validate(text, hint)),
    });
    const result = runCommand('setVariable', workload, { container: 'web', name: 'PORT', value: '8080' });
    if ('error' in result) throw new Error(result.error);
    const reading = readingOf(result)!;
    expect(reading.text).toBe(result.text);
    checker.changed({ text: result.text }, workload, result.edits, { now: true, reading });
    expect(hints).toEqual([{ parsed: reading }]);
    expect(state.report.parsed).toBe(reading);
    expect(state.report.diagnostics).toEqual(validateText(result.text).diagnostics);
  });

  it('compares the texts when it does not know how the text came (a change from a text it did not follow)', () => {
    const hints: Array<ReadingHint | undefined> = [];
    const validate = validation();
    const { state, checker } = checkerWith(workload, {
      validate: (text, hint) => (hints.push(hint), validate(text, hint)),
    });
    const other = workload.replace('shop', 'store');
    checker.changed({ text: other }, 'a text it never had', [], { now: true });
    expect(hints).toEqual([undefined]);
    expect(state.report.parsed.text).toBe(other);
  });

  it('sends a long text’s typing to the worker with the edits since the text last checked, and never hands the worker’s reading to a check here', async () => {
    const time = fakeTimers();
    const asked: Array<Parameters<BackgroundValidation['check']>> = [];
    const worker: BackgroundValidation = {
      check: (...args) => {
        asked.push(args);
        const full = validateText(args[0]);
        const parsed = lazyParsed(args[0], full.parsed.value, full.parsed.syntax, full.parsed.blocked);
        return Promise.resolve({ report: { ...full, parsed } });
      },
      pointerAt: () => Promise.resolve(undefined),
      read: () => Promise.resolve(),
      exportedVariables: () => Promise.resolve(undefined),
    };
    const hints: Array<ReadingHint | undefined> = [];
    const validate = validation();
    const { state, checker, type } = checkerWith(workload, {
      timers: time.api,
      background: worker,
      backgroundFrom: 0,
      validate: (text, hint) => (hints.push(hint), validate(text, hint)),
    });
    type(end, ':');
    type(end + 1, '1');
    time.advance(1000);
    expect(asked).toEqual([[state.text, undefined, { from: workload, edits: [{ start: end, end, insert: ':1' }] }]]);
    await Promise.resolve();
    await Promise.resolve();
    expect(state.report.parsed.text).toBe(state.text); // the worker's answer, read lazily
    // A check here from that reading would build its tree: the texts are compared instead.
    type(end + 2, '2');
    checker.flush();
    expect(hints).toEqual([undefined]);
  });

  it('adds the Compose export’s problems to the report once the worker answers after a check, and keeps them through the next check until it answers again', async () => {
    const time = fakeTimers();
    const asked: string[] = [];
    let answer: (() => void) | undefined;
    // The worker's side of the question, run here: the core's readiness of the text, answered when the test says.
    const worker: BackgroundValidation = {
      check: () => Promise.reject(new Error('short texts are checked on the page')),
      pointerAt: () => Promise.resolve(undefined),
      read: () => Promise.resolve(),
      exportedVariables: () => Promise.resolve(undefined),
      exportReadiness: (text) => {
        asked.push(text);
        return new Promise((resolve) => (answer = () => resolve(composeReadiness(validateText(text)))));
      },
    };
    const failing = `${workload}resources:\n  session:\n    type: secret\n`;
    const { state, checker } = checkerWith(failing, { timers: time.api, background: worker });
    const exportProblems = () => state.report.diagnostics.filter((d) => d.source === 'export');
    checker.opened(failing);
    time.advance(0);
    expect(asked).toEqual([]); // a text just opened waits for the page to be still
    time.advance(500);
    expect(asked).toEqual([failing]);
    answer!();
    await Promise.resolve();
    await Promise.resolve();
    expect(exportProblems()).toEqual([
      expect.objectContaining({ code: 'EXPORT_NO_PROVISIONER', path: '/resources/session/type' }),
    ]);
    expect(state.report.valid).toBe(true);

    // A new text shows the problems it had until the worker's answer about it replaces them.
    const fixed = failing.replace('type: secret', 'type: redis');
    checker.changed({ text: fixed }, failing, [], { now: true });
    expect(exportProblems()).toHaveLength(1);
    const carried = state.report;
    time.advance(0);
    expect(asked).toEqual([failing, fixed]);
    answer!();
    await Promise.resolve();
    await Promise.resolve();
    expect(exportProblems()).toEqual([]);
    expect(state.report).not.toBe(carried);

    // An answer about an older text is dropped.
    checker.changed({ text: failing }, fixed, [], { now: true });
    time.advance(0);
    const late = answer!;
    checker.changed({ text: fixed }, failing, [], { now: true });
    late();
    await Promise.resolve();
    await Promise.resolve();
    expect(state.report.parsed.text).toBe(fixed);
    expect(exportProblems()).toEqual([]);
  });
});

describe('the orchestrator’s view after each check', () => {
  const example = (path: string) => readFileSync(new URL(`../../../../examples/${path}`, import.meta.url), 'utf8');
  const files: PlatformFiles = {
    config: { name: 'platform.yaml', text: example('platform/orchestrator-config.yaml') },
    policies: [{ name: 'rules.yaml', text: example('policies/platform-basics.yaml') }],
  };
  const ready = `apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    example.com/owner: team-shop
containers:
  web:
    image: nginx:1.27
    resources:
      limits: {cpu: 500m, memory: 256Mi}
service:
  ports:
    www: {port: 80, targetPort: 8080}
`;
  const latest = ready.replace('nginx:1.27', 'nginx:latest');

  it('adds what the policies and the orchestrator say once the worker answers, and keeps it until the next answer; off, it goes', async () => {
    const time = fakeTimers();
    const asked: string[] = [];
    let answer: (() => void) | undefined;
    // The worker's side, run here: the core's preview of the text under the files, answered when the test says.
    const worker: BackgroundValidation = {
      check: () => Promise.reject(new Error('short texts are checked on the page')),
      pointerAt: () => Promise.resolve(undefined),
      read: () => Promise.resolve(),
      exportedVariables: () => Promise.resolve(undefined),
      platformStatus: (text, given) => {
        asked.push(text);
        const report = validateText(text);
        return new Promise(
          (resolve) =>
            (answer = () =>
              resolve(platformStatus(report.parsed, loadPlatform(given), { validation: report.diagnostics }))),
        );
      },
    };
    let on = true;
    const answered: Array<boolean | null> = [];
    const hook: PlatformHook = {
      files: () => (on ? files : undefined),
      answered: (status) => answered.push(status && status.view.ready),
    };
    const { state, checker } = checkerWith(latest, { timers: time.api, background: worker, platform: hook });
    const policyProblems = () => state.report.diagnostics.filter((d) => d.source === 'policy');
    checker.opened(latest);
    time.advance(500);
    expect(asked).toEqual([latest]);
    answer!();
    await Promise.resolve();
    await Promise.resolve();
    expect(policyProblems()).toEqual([
      expect.objectContaining({ severity: 'error', code: 'POLICY_VIOLATION', path: '/containers/web/image' }),
    ]);
    expect(state.report.valid).toBe(true); // the verdict stays the validation's
    expect(answered).toEqual([false]);

    // Fixed: the denial shows until the worker's answer about the new text, then goes, and the workload is Ready.
    checker.changed({ text: ready }, latest, [], { now: true });
    expect(policyProblems()).toHaveLength(1);
    time.advance(0);
    answer!();
    await Promise.resolve();
    await Promise.resolve();
    expect(policyProblems()).toEqual([]);
    expect(answered).toEqual([false, true]);

    // Off: nothing is asked, the findings and the status go.
    checker.changed({ text: latest }, ready, [], { now: true });
    time.advance(0);
    answer!();
    await Promise.resolve();
    await Promise.resolve();
    expect(policyProblems()).toHaveLength(1);
    on = false;
    checker.recheck();
    expect(policyProblems()).toEqual([]);
    time.advance(0);
    expect(asked).toHaveLength(3);
    expect(answered.at(-1)).toBeNull();
  });
});
