/**
 * How fast the workspace is, in the built app, in Chromium: initial JavaScript, cold load of a
 * template, text change → painted diagnostics, and responsiveness while typing in a large workload.
 * Run with `npm run bench:ui` (see bench/ui/README.md). Not a test: it prints a table, writes the
 * "ui" part of bench/results.json, and exits 1 when a budget fails.
 */
import { writeBenchPart } from '../results-file';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { templates } from '../../src/core/templates/index';
import { quantile } from '../stats';
import { generateWorkload } from '../workload-generator';
import { measureBundle } from './bundle-size';
import { chromiumLaunch } from '../../scripts/chromium-launch';
import { speedProbe } from '../speed-probe';
import { checksToPaint, instrument, problemsShown, timeChanges } from './page-scripts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = path.join(repoRoot, 'bench/.tmp/ui-dist');
const port = 4179;
const base = `http://127.0.0.1:${port}`;

const BUDGETS = {
  initialJsGzipKb: 200,
  coldLoadMs: 1000,
  changeToPaintP95TemplatesMs: 16,
  changeToPaintP95GeneratedMs: 50,
  inpTypingGeneratedMs: 100,
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const skipBuild = args.includes('--no-build');
const outFile = args.includes('--out') ? args[args.indexOf('--out') + 1]! : path.join(repoRoot, 'bench/results.json');
const COLD_RUNS = quick ? 2 : 5;
const CHANGE_SAMPLES = quick ? 20 : 60;
const TYPED = quick ? 30 : 80;
/**
 * Pairs of a key and Backspace: 60 checks, as many samples as the text change measure has. With 30, the
 * p95 was the second or third worst check, and the first check after opening is always the worst.
 */
const TYPING_CHECKS = quick ? 5 : 30;

const generated = generateWorkload(100, 100);

function build(): void {
  console.log('building the app into bench/.tmp/ui-dist …');
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('the build failed');
}

async function serve(): Promise<ChildProcess> {
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
  for (let i = 0; i < 100; i++) {
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
async function freshPage(browser: Browser, leaks: Set<string>): Promise<Page> {
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

interface ColdLoad {
  template: string;
  startMs: number;
  openMs: number;
  totalMs: number;
  editorMs: number;
}

async function coldLoad(browser: Browser, title: string, leaks: Set<string>): Promise<ColdLoad> {
  const page = await freshPage(browser, leaks);
  await page.goto(base + '/');
  await waitForMark(page, 'start');
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await waitForMark(page, 'workspace');
  await waitForMark(page, 'editor');
  const m = await marks(page);
  await page.context().close();
  const openMs = m.workspace - m.click;
  return { template: title, startMs: m.start, openMs, totalMs: m.start + openMs, editorMs: m.editor - m.click };
}

async function openWithText(browser: Browser, text: string, leaks: Set<string>): Promise<Page> {
  const page = await freshPage(browser, leaks);
  await page.goto(base + '/');
  await page.getByRole('button', { name: /^Hello world/ }).click();
  await page.locator('[data-testid="monaco-editor"] .monaco-editor .view-lines').waitFor();
  await page.evaluate(`window.scoreDesigner.setText(${JSON.stringify(text)})`);
  await page.waitForTimeout(300);
  return page;
}

interface ChangeTiming {
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
const FIRST_CHANGES = 6;

async function changeToPaint(browser: Browser, name: string, text: string, leaks: Set<string>): Promise<ChangeTiming> {
  const page = await openWithText(browser, text, leaks);
  // Half the changes make an error appear, half make it go: the Problems panel changes every time.
  const broken = text.replace(/\bimage: /, 'imag: ');
  const { times, stale } = (await page.evaluate(
    `(${timeChanges})(${JSON.stringify({ variants: [text, broken], samples: CHANGE_SAMPLES })})`,
  )) as { times: number[]; stale: number };
  await page.context().close();
  return timingOf(name, text, times, stale);
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
async function typingChecksToPaint(
  browser: Browser,
  name: string,
  text: string,
  leaks: Set<string>,
): Promise<ChangeTiming> {
  const page = await openWithText(browser, text, leaks);
  const lines = text.split('\n');
  const line = lines.findIndex((l) => /^\s+image: /.test(l));
  const column = lines[line]!.indexOf('image') + 'image'.length;
  await page.getByRole('textbox', { name: 'Workload YAML' }).focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < line; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
  await page.evaluate("performance.clearMarks('score:check'); performance.clearMarks('score:checked')");
  for (let i = 0; i < TYPING_CHECKS; i++) {
    await page.keyboard.type('x');
    await page.waitForTimeout(450);
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(450);
  }
  const { times, unanswered } = (await page.evaluate(checksToPaint)) as { times: number[]; unanswered: number };
  // A check whose report never reached the page counts as a stale paint: the user never saw its problems.
  const stale = ((await page.evaluate(problemsShown)) ? 0 : 1) + unanswered;
  await page.context().close();
  return timingOf(name, text, times, stale);
}

interface TypingResponsiveness {
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

async function typingInp(browser: Browser, leaks: Set<string>): Promise<TypingResponsiveness> {
  const page = await openWithText(browser, generated, leaks);
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
  for (let i = 0; i < TYPED; i++) {
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
    keystrokes: TYPED,
    interactions: durations.length,
    inpMs: inp,
    over100: durations.filter((d) => d > 100).length,
    worstMs: durations.slice(0, 3),
    caretPlacementWorstMs,
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');

async function main(): Promise<void> {
  if (!skipBuild || !existsSync(path.join(distDir, 'index.html'))) build();
  const bundle = await measureBundle(distDir);
  const server = await serve();
  const browser = await chromium.launch(chromiumLaunch);
  const leaks = new Set<string>();
  const load = { before: loadavg()[0]! };
  const probe: { before: number; after?: number } = { before: speedProbe() };
  try {
    const cold: ColdLoad[] = [];
    for (const t of templates) for (let r = 0; r < COLD_RUNS; r++) cold.push(await coldLoad(browser, t.title, leaks));
    const changes: ChangeTiming[] = [];
    for (const t of templates) changes.push(await changeToPaint(browser, t.name, t.text, leaks));
    changes.push(await changeToPaint(browser, 'generated-100x100', generated, leaks));
    const typed: ChangeTiming[] = [];
    for (const t of templates) typed.push(await typingChecksToPaint(browser, t.name, t.text, leaks));
    typed.push(await typingChecksToPaint(browser, 'generated-100x100', generated, leaks));
    const typing = await typingInp(browser, leaks);
    Object.assign(load, { after: loadavg()[0]! });
    probe.after = speedProbe();

    const coldBy = templates.map((t) => {
      const runs = cold.filter((c) => c.template === t.title);
      const median = (f: (c: ColdLoad) => number) =>
        quantile(
          runs.map(f).sort((a, b) => a - b),
          0.5,
        );
      return {
        template: t.name,
        runs: runs.length,
        startMs: median((c) => c.startMs),
        openMs: median((c) => c.openMs),
        totalMs: median((c) => c.totalMs),
        worstTotalMs: Math.max(...runs.map((c) => c.totalMs)),
        editorMs: median((c) => c.editorMs),
      };
    });
    const checks = {
      initialJs: bundle.initialGzipBytes / 1024 <= BUDGETS.initialJsGzipKb,
      monacoLazy: !bundle.monacoInInitial && !bundle.monacoYamlInInitial && bundle.monacoFoundIn.length > 0,
      coldLoad: coldBy.every((c) => c.totalMs <= BUDGETS.coldLoadMs),
      changeTemplates: [...changes, ...typed]
        .filter((c) => c.input !== 'generated-100x100')
        .every((c) => c.p95 <= BUDGETS.changeToPaintP95TemplatesMs && c.stale === 0),
      changeGenerated: [...changes, ...typed]
        .filter((c) => c.input === 'generated-100x100')
        .every((c) => c.p95 <= BUDGETS.changeToPaintP95GeneratedMs && c.stale === 0),
      typingInp: typing.inpMs <= BUDGETS.inpTypingGeneratedMs,
      offline: leaks.size === 0,
    };

    console.log('\nInitial JavaScript (gzip):');
    for (const c of bundle.initialChunks) console.log(`  ${c.file.padEnd(44)} ${(c.gzipBytes / 1024).toFixed(1)} KB`);
    console.log(
      `  total ${(bundle.initialGzipBytes / 1024).toFixed(1)} KB (budget ${BUDGETS.initialJsGzipKb} KB) ${mark(checks.initialJs)}; ` +
        `Monaco in ${bundle.monacoFoundIn.join(', ')}; monaco-yaml in ${bundle.monacoYamlFoundIn.join(', ')}; ` +
        `outside the initial chunks: ${mark(checks.monacoLazy)}`,
    );
    console.log(`\nCold load, median of ${COLD_RUNS} (budget: total ≤ ${BUDGETS.coldLoadMs} ms):`);
    console.log('  template                 start screen  open template  total      worst      YAML editor ready');
    for (const c of coldBy) {
      console.log(
        `  ${c.template.padEnd(24)} ${ms(c.startMs).padEnd(13)} ${ms(c.openMs).padEnd(14)} ${ms(c.totalMs).padEnd(10)} ${ms(c.worstTotalMs).padEnd(10)} ${ms(c.editorMs)}  ${mark(c.totalMs <= BUDGETS.coldLoadMs)}`,
      );
    }
    const printChanges = (title: string, rows: ChangeTiming[]) => {
      console.log(`\n${title}`);
      console.log('  input                    lines  samples  p50        p95        max        stale paints');
      for (const c of rows) {
        const budget =
          c.input === 'generated-100x100' ? BUDGETS.changeToPaintP95GeneratedMs : BUDGETS.changeToPaintP95TemplatesMs;
        console.log(
          `  ${c.input.padEnd(24)} ${String(c.lines).padEnd(6)} ${String(c.samples).padEnd(8)} ${ms(c.p50).padEnd(10)} ${ms(c.p95).padEnd(10)} ${ms(c.max).padEnd(10)} ${c.stale}  ${mark(c.p95 <= budget && c.stale === 0)}`,
        );
      }
      const warm = rows.filter((c) => c.first !== undefined && c.p95AfterFirst !== undefined);
      if (warm.length === 0) return;
      console.log(`  of which the first ${FIRST_CHANGES} changes after opening (in order), and the p95 of the others:`);
      for (const c of warm) {
        console.log(
          `  ${c.input.padEnd(24)} ${c
            .first!.map((t) => t.toFixed(0))
            .join(' ')
            .padEnd(28)} p95 ${ms(c.p95AfterFirst!)}`,
        );
      }
    };
    const budgetNote = `budget p95: templates ≤ ${BUDGETS.changeToPaintP95TemplatesMs} ms, generated ≤ ${BUDGETS.changeToPaintP95GeneratedMs} ms`;
    printChanges(
      `Text change checked at once (commands, blur, automation) → next paint with diagnostics (${budgetNote}):`,
      changes,
    );
    printChanges(
      `Typing → check after the pause (under 192 KB on the main thread, else in the validation worker) → next paint with diagnostics (${budgetNote}):`,
      typed,
    );
    console.log(
      `\nTyping in generated-100x100: ${typing.keystrokes} keystrokes, ${typing.interactions} interactions over 16 ms, ` +
        `INP ${ms(typing.inpMs)} (budget ≤ ${BUDGETS.inpTypingGeneratedMs} ms) ${mark(checks.typingInp)}; ` +
        `over 100 ms: ${typing.over100}; worst: ${typing.worstMs.map(ms).join(', ') || 'none'}` +
        `\n  (the keys that placed the caret before, right after opening: longest ${ms(typing.caretPlacementWorstMs)}, not budgeted)`,
    );
    if (leaks.size > 0) console.log(`\nRequests that tried to leave 127.0.0.1: ${[...leaks].join(', ')}`);
    console.log(
      `\n1-minute load average: ${load.before.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after (${cpus().length} CPUs)`,
    );
    console.log(
      `Speed probe (bench/speed-probe.ts): ${ms(probe.before)} before, ${ms(probe.after)} after (calm: about 65 ms)`,
    );

    const passed = Object.values(checks).every(Boolean);
    const ui = {
      date: new Date().toISOString(),
      plan: quick ? 'quick' : 'full',
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim(),
        memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
        node: process.version,
        browser: browser.version(),
        loadAverage1m: load,
        speedProbeMs: probe,
      },
      budgets: BUDGETS,
      bundle,
      coldLoad: coldBy,
      changeToPaint: changes,
      typingCheckToPaint: typed,
      typing,
      checks,
      passed,
    };
    await writeBenchPart(outFile, 'ui', ui);
    console.log(
      `\n${
        passed
          ? 'All budgets met.'
          : 'Budgets failed: ' +
            Object.entries(checks)
              .filter(([, ok]) => !ok)
              .map(([k]) => k)
              .join(', ')
      }`,
    );
    console.log(`Written to ${path.relative(repoRoot, outFile)} (key "ui").`);
    process.exitCode = passed ? 0 : 1;
  } finally {
    await browser.close();
    server.kill();
  }
}

await main();
