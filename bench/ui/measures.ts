/**
 * The measures of bench/ui, on a build served at `site.base`: cold load, text change → paint, typing
 * check → paint and typing responsiveness (see README.md). Used by ui.bench.ts (one build, with
 * budgets) and ab.bench.ts (two builds, side by side).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { quantile } from '../stats';
import { generateWorkload } from '../workload-generator';
import { checksToPaint, instrument, problemsShown, timeChanges } from './page-scripts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How many samples each measure takes. */
export interface Plan {
  changeSamples: number;
  typingChecks: number;
  typed: number;
}

/** Where the build is served, and how many samples to take there. */
export interface Site {
  base: string;
  plan: Plan;
}

/** The generated 100-container, 100-resource workload. */
export const generated = generateWorkload(100, 100);

/** Serves a build with `vite preview` on 127.0.0.1 at `port`, once it answers. */
export async function serve(distDir: string, port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--outDir',
      distDir,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { cwd: repoRoot, stdio: 'ignore' },
  );
  // Up to a minute: on a loaded machine Vite takes many seconds to load its config and start.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(base)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`the preview server did not start on ${base}`);
}

/** A fresh page (fresh profile: no draft, no layout), offline but for 127.0.0.1. */
export async function freshPage(browser: Browser, leaks: Set<string>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    leaks.add(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  return page;
}

const marks = (page: Page) =>
  page.evaluate('window.__uiBench.marks') as Promise<Record<'start' | 'click' | 'workspace' | 'editor', number>>;

async function waitForMark(page: Page, name: string): Promise<void> {
  await page.waitForFunction(`window.__uiBench.marks[${JSON.stringify(name)}] !== undefined`, undefined, {
    timeout: 20_000,
  });
}

export interface ColdLoad {
  template: string;
  startMs: number;
  openMs: number;
  totalMs: number;
  editorMs: number;
}

export async function coldLoad(site: Site, browser: Browser, title: string, leaks: Set<string>): Promise<ColdLoad> {
  const page = await freshPage(browser, leaks);
  await page.goto(site.base + '/');
  await waitForMark(page, 'start');
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await waitForMark(page, 'workspace');
  await waitForMark(page, 'editor');
  const m = await marks(page);
  await page.context().close();
  const openMs = m.workspace - m.click;
  return { template: title, startMs: m.start, openMs, totalMs: m.start + openMs, editorMs: m.editor - m.click };
}

export async function openWithText(site: Site, browser: Browser, text: string, leaks: Set<string>): Promise<Page> {
  const page = await freshPage(browser, leaks);
  await page.goto(site.base + '/');
  await page.getByRole('button', { name: /^Hello world/ }).click();
  await page.locator('[data-testid="monaco-editor"] .monaco-editor .view-lines').waitFor();
  await page.evaluate(`window.scoreDesigner.setText(${JSON.stringify(text)})`);
  await page.waitForTimeout(300);
  return page;
}

export interface ChangeTiming {
  input: string;
  lines: number;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  stale: number;
  /** The first changes after opening, in order (shown apart: the engine is still compiling the code they run). */
  first?: number[];
  /** p95 of the changes after those: the steady state. For information; the budget is on `p95`. */
  p95AfterFirst?: number;
}

/** How many changes after opening are shown apart as the warm-up. */
export const FIRST_CHANGES = 6;

/** The times of a measure on one input, in the order they were taken, and how many paints were stale. */
type Times = (
  site: Site,
  browser: Browser,
  text: string,
  leaks: Set<string>,
) => Promise<{ times: number[]; stale: number }>;

/** A measure's figures on one input, from its times. */
const summarized =
  (measure: Times) =>
  async (site: Site, browser: Browser, name: string, text: string, leaks: Set<string>): Promise<ChangeTiming> => {
    const { times, stale } = await measure(site, browser, text, leaks);
    return timingOf(name, text, times, stale);
  };

/** Text change → paint (see README.md), in the order the changes were made. */
export async function changeTimes(
  site: Site,
  browser: Browser,
  text: string,
  leaks: Set<string>,
): Promise<{ times: number[]; stale: number }> {
  const page = await openWithText(site, browser, text, leaks);
  const timed = await timedChanges(page, text, site.plan.changeSamples);
  await page.context().close();
  return timed;
}

/** `samples` text changes made on an open page, each timed to its paint. */
export async function timedChanges(
  page: Page,
  text: string,
  samples: number,
): Promise<{ times: number[]; stale: number }> {
  // Half the changes make an error appear, half make it go: the Problems panel changes every time.
  const broken = text.replace(/\bimage: /, 'imag: ');
  return (await page.evaluate(`(${timeChanges})(${JSON.stringify({ variants: [text, broken], samples })})`)) as {
    times: number[];
    stale: number;
  };
}

/** The figures of one input's changes, given in the order they were made. */
function timingOf(input: string, text: string, times: number[], stale: number): ChangeTiming {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    input,
    lines: text.split('\n').length - 1,
    samples: times.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? NaN,
    stale,
    first: times.slice(0, FIRST_CHANGES),
    p95AfterFirst: quantile(
      times.slice(FIRST_CHANGES).sort((a, b) => a - b),
      0.95,
    ),
  };
}

/**
 * Checks that follow typing (debounced, in the validation worker): a key that breaks a field and
 * Backspace that mends it, with pauses long enough for each check, timed from the check's start to
 * the frame that paints its problems.
 */
export async function typingCheckTimes(
  site: Site,
  browser: Browser,
  text: string,
  leaks: Set<string>,
): Promise<{ times: number[]; stale: number }> {
  const page = await openWithText(site, browser, text, leaks);
  await caretInImageKey(page, text);
  for (let i = 0; i < site.plan.typingChecks; i++) await typeAndTakeBack(page);
  const timed = await checkTimes(page);
  await page.context().close();
  return timed;
}

/** Puts the caret at the end of the first `image` key in the YAML editor, and forgets the checks so far. */
export async function caretInImageKey(page: Page, text: string): Promise<void> {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => /^\s+image: /.test(l));
  const column = lines[line]!.indexOf('image') + 'image'.length;
  await page.getByRole('textbox', { name: 'Workload YAML' }).focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < line; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
  await page.evaluate("performance.clearMarks('score:check'); performance.clearMarks('score:checked')");
}

/** A key that breaks the field and Backspace that mends it, each followed by a pause long enough for its check. */
export async function typeAndTakeBack(page: Page): Promise<void> {
  await page.keyboard.type('x');
  await page.waitForTimeout(450);
  await page.keyboard.press('Backspace');
  await page.waitForTimeout(450);
}

/** The time of each check since the caret was placed, to its paint; and how many paints were stale. */
export async function checkTimes(page: Page): Promise<{ times: number[]; stale: number }> {
  const { times, unanswered } = (await page.evaluate(checksToPaint)) as { times: number[]; unanswered: number };
  // A check whose report never reached the page counts as a stale paint: the user never saw its problems.
  const stale = ((await page.evaluate(problemsShown)) ? 0 : 1) + unanswered;
  return { times, stale };
}

export const changeToPaint = summarized(changeTimes);
export const typingChecksToPaint = summarized(typingCheckTimes);

export interface TypingResponsiveness {
  input: string;
  keystrokes: number;
  interactions: number;
  inpMs: number;
  over100: number;
  worstMs: number[];
  /** The longest of the keys that placed the caret, right after opening (Ctrl+Home, arrows, End): shown, not budgeted. */
  caretPlacementWorstMs: number;
}

/** A deterministic, human-like rhythm: pauses of 30–250 ms, so that checks run between keystrokes. */
function* rhythm(seed = 7): Generator<number> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield 30 + (x % 221);
  }
}

export async function typingInp(site: Site, browser: Browser, leaks: Set<string>): Promise<TypingResponsiveness> {
  const page = await openWithText(site, browser, generated, leaks);
  const editor = page.getByRole('textbox', { name: 'Workload YAML' });
  const placing = (await page.evaluate('window.__uiBench.events.length = 0, performance.now()')) as number;
  await editor.focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End'); // the end of "  name: bench-platform"
  // INP is of what is typed. The keys that placed the caret are told apart by when they started: their
  // entries may reach the observer after this point (an entry comes after its paint, and these are
  // answered amid the work of opening), so clearing the list here did not keep them out of INP.
  const from = (await page.evaluate('performance.now()')) as number;
  const delays = rhythm();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < site.plan.typed; i++) {
    await page.keyboard.type(letters[i % letters.length]!);
    await page.waitForTimeout(delays.next().value as number);
  }
  await page.waitForTimeout(800);
  const events = (await page.evaluate('window.__uiBench.events')) as Array<{
    id: number;
    duration: number;
    start: number;
  }>;
  await page.context().close();
  const byInteraction = new Map<number, number>();
  let caretPlacementWorstMs = 0;
  for (const e of events) {
    if (e.start >= from) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
    else if (e.start >= placing) caretPlacementWorstMs = Math.max(caretPlacementWorstMs, e.duration);
  }
  const durations = [...byInteraction.values()].sort((a, b) => b - a);
  // INP: the longest interaction, or with 50 or more the 98th percentile (one ignored per 50).
  const inp = durations[Math.floor(durations.length / 50)] ?? 0;
  return {
    input: 'generated-100x100',
    keystrokes: site.plan.typed,
    interactions: durations.length,
    inpMs: inp,
    over100: durations.filter((d) => d > 100).length,
    worstMs: durations.slice(0, 3),
    caretPlacementWorstMs,
  };
}
