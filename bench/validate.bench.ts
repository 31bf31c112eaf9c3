/**
 * Validation speed: ours against the floor (parse + compiled schema, nothing else) and against
 * yaml-language-server, on the same texts. Run with `npm run bench` (see bench/README.md).
 * Writes the "validate" part of bench/results.json and exits 1 when a budget fails or a validator does not really validate.
 */
import { writeBenchPart } from './results-file';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { floor, ours, yamlLanguageServer, type Competitor, type CompetitorName } from './competitors';
import { loadInputs, type BenchInput } from './inputs';
import { fullPlan, quickPlan, timeRounds, type Plan, type Timings } from './measure';
import { summarize, type Summary } from './stats';
import { performance } from 'node:perf_hooks';
import type { Edit } from '../src/core/document/edits';
import { reparseWorkloadText } from '../src/core/document/incremental';
import { validateParsed, validateText } from '../src/core/validate/index';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Budgets, on the median per input. */
const BUDGET_VS_FLOOR = 1.5;
/** Above this spread (IQR / median) a figure says more about the machine than about the code. */
const NOISY_SPREAD = 0.2;

interface InputResult {
  input: string;
  lines: number;
  bytes: number;
  /** Wall-clock milliseconds per call. */
  ms: Record<CompetitorName, Summary>;
  /** CPU milliseconds per call (a cross-check on a busy machine). */
  cpuMs: Record<CompetitorName, Summary>;
  ratios: { oursOverFloor: number; oursOverYamlLanguageServer: number };
  cpuRatios: { oursOverFloor: number; oursOverYamlLanguageServer: number };
  budgets: { fasterThanYamlLanguageServer: boolean; withinFloorBudget: boolean };
}

interface Options {
  plan: Plan;
  planName: string;
  only: string[];
  out: string;
}

function readOptions(argv: readonly string[]): Options {
  const quick = argv.includes('--quick');
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  return {
    plan: quick ? quickPlan : fullPlan,
    planName: quick ? 'quick' : 'full',
    only: value('--only')?.split(',') ?? [],
    out: value('--out') ?? path.join(repoRoot, 'bench/results.json'),
  };
}

/** An invalid workload each validator must flag: a misspelt key, a bad cpu amount, no containers' image. */
const invalidProbe = `apiVersion: score.dev/v1b1
metadata:
  name: probe
containers:
  web:
    imag: nginx
    resources:
      limits:
        cpu: lots
`;

function breakLastMemory(text: string): string {
  const at = text.lastIndexOf('memory: ');
  if (at < 0) return text + 'unexpected: true\n';
  const end = text.indexOf('\n', at);
  return `${text.slice(0, at)}memory: plenty${text.slice(end)}`;
}

async function checkHonesty(competitors: readonly Competitor[], inputs: readonly BenchInput[]): Promise<string[]> {
  const failures: string[] = [];
  for (const c of competitors) {
    const onInvalid = await c.check(invalidProbe);
    if (onInvalid === 0) failures.push(`${c.name} found no problem in a deliberately invalid workload.`);
    for (const input of inputs) {
      const problems = await c.check(input.text);
      if (problems !== 0) {
        failures.push(`${c.name} found ${problems} problem(s) in ${input.name}, which should be valid.`);
      }
      // The same text with one bad memory amount near its end: proves the whole text is checked.
      if ((await c.check(breakLastMemory(input.text))) === 0) {
        failures.push(`${c.name} missed a bad memory amount at the end of ${input.name}.`);
      }
    }
  }
  return failures;
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  const allInputs = await loadInputs(repoRoot);
  const inputs = options.only.length > 0 ? allInputs.filter((i) => options.only.includes(i.name)) : allInputs;
  const competitors: Competitor[] = [
    ours,
    floor,
    await yamlLanguageServer(path.join(repoRoot, 'schemas/score-v1b1.json')),
  ];

  const dishonest = await checkHonesty(competitors, allInputs);
  if (dishonest.length > 0) {
    console.error('The comparison would not be honest:\n  ' + dishonest.join('\n  '));
    return 1;
  }

  const loadBefore = loadavg();
  const started = new Date();
  const results: InputResult[] = [];
  for (const input of inputs) {
    (globalThis as { gc?: () => void }).gc?.();
    const times = await timeRounds(competitors, input.text, options.plan);
    const byName = (pick: (t: Timings) => number[]) =>
      Object.fromEntries(competitors.map((c, i) => [c.name, summarize(pick(times[i]!))])) as Record<
        CompetitorName,
        Summary
      >;
    const ms = byName((t) => t.wall);
    const cpuMs = byName((t) => t.cpu);
    const oursOverFloor = ms.ours.median / ms.floor.median;
    const oursOverYamlLanguageServer = ms.ours.median / ms['yaml-language-server'].median;
    results.push({
      input: input.name,
      lines: input.lines,
      bytes: input.bytes,
      ms,
      cpuMs,
      ratios: { oursOverFloor, oursOverYamlLanguageServer },
      cpuRatios: {
        oursOverFloor: cpuMs.ours.median / cpuMs.floor.median,
        oursOverYamlLanguageServer: cpuMs.ours.median / cpuMs['yaml-language-server'].median,
      },
      budgets: {
        fasterThanYamlLanguageServer: oursOverYamlLanguageServer < 1,
        withinFloorBudget: oursOverFloor <= BUDGET_VS_FLOOR,
      },
    });
    printRow(results[results.length - 1]!, results.length === 1);
  }
  // Not a competition: what the app does after an edit (the previous reading reused) beside a whole check.
  console.log('\nre-check after an edit in one entry (the app passes the previous reading and the edit), ms:');
  const rechecks = inputs.map((input) => ({
    input: input.name,
    lines: input.lines,
    ...timeRecheck(input.text, options.plan),
  }));
  for (const r of rechecks) {
    console.log(
      `${r.input.padEnd(22)}${String(r.lines).padStart(6)}  whole ${fmt(r.whole.median).padEnd(10)} after an edit ${fmt(r.afterEdit.median).padEnd(10)} (${(r.whole.median / r.afterEdit.median).toFixed(1)}× faster; ` +
        `${((results.find((x) => x.input === r.input)?.ms['yaml-language-server'].median ?? NaN) / r.afterEdit.median).toFixed(1)}× faster than yaml-language-server's validation)`,
    );
  }
  const loadAfter = loadavg();
  const passed = results.every((r) => r.budgets.fasterThanYamlLanguageServer && r.budgets.withinFloorBudget);
  const maxSpread = Math.max(...results.flatMap((r) => Object.values(r.ms).map((s) => s.spread)));
  const busy = maxSpread > NOISY_SPREAD || loadBefore[0]! > cpus().length || loadAfter[0]! > cpus().length;

  const report = {
    date: started.toISOString(),
    plan: { name: options.planName, ...options.plan },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverage1m: { before: round(loadBefore[0]!), after: round(loadAfter[0]!) },
    },
    versions: await versions(),
    competitors: Object.fromEntries(competitors.map((c) => [c.name, c.does])),
    budgets: {
      fasterThanYamlLanguageServer: 'median of ours < median of yaml-language-server, on each input',
      withinFloorBudget: `median of ours <= ${BUDGET_VS_FLOOR} x median of the floor, on each input`,
    },
    noise: {
      maxSpread: round(maxSpread),
      busy,
      note: 'spread = interquartile range / median of one validator on one input; also compare loadAverage1m with cpus',
    },
    passed,
    recheck: {
      does: 'validateText after one character is typed into the first container image, given the previous reading and the edit (as the app does), beside validateText of the same text from scratch',
      results: rechecks.map((r) => ({
        input: r.input,
        lines: r.lines,
        ms: roundSummaries({ whole: r.whole, afterEdit: r.afterEdit }),
      })),
    },
    results: results.map((r) => ({
      ...r,
      ms: roundSummaries(r.ms),
      cpuMs: roundSummaries(r.cpuMs),
      ratios: roundValues(r.ratios),
      cpuRatios: roundValues(r.cpuRatios),
    })),
  };
  await writeBenchPart(options.out, 'validate', report);

  console.log(
    `\nload average (1 min) ${round(loadBefore[0]!)} → ${round(loadAfter[0]!)} on ${cpus().length} CPUs; ` +
      `largest spread (IQR/median) ${(maxSpread * 100).toFixed(1)} %`,
  );
  console.log(`wrote ${path.relative(process.cwd(), options.out)}`);
  if (busy) console.log('the machine was busy during this run (see spread and load): re-run before trusting a verdict');
  for (const r of results) {
    if (!r.budgets.fasterThanYamlLanguageServer)
      console.log(`BUDGET FAILED: ours is not faster than yaml-language-server on ${r.input}`);
    if (!r.budgets.withinFloorBudget)
      console.log(`BUDGET FAILED: ours is over ${BUDGET_VS_FLOOR}× the floor on ${r.input}`);
  }
  console.log(passed ? 'all budgets met' : 'a budget failed');
  return passed ? 0 : 1;
}

/**
 * Typing one character into the first image and back, checked as the app checks (reusing the previous
 * reading, given the edit: document/incremental.ts) and from scratch, alternately.
 */
function timeRecheck(text: string, plan: Plan): { whole: Summary; afterEdit: Summary } {
  const at = text.indexOf('image: ');
  const edited = at < 0 ? `${text}# edited\n` : `${text.slice(0, at + 7)}x${text.slice(at + 7)}`;
  const variants = [text, edited];
  // The edit to each variant from the other, as the store hands it on.
  const added = at < 0 ? { start: text.length, insert: '# edited\n' } : { start: at + 7, insert: 'x' };
  const edits: Edit[][] = [
    [{ start: added.start, end: added.start + added.insert.length, insert: '' }],
    [{ start: added.start, end: added.start, insert: added.insert }],
  ];
  let previous = validateText(text).parsed;
  const whole: number[] = [];
  const afterEdit: number[] = [];
  const samples = Math.max(plan.minSamples, Math.min(plan.maxSamples, 200));
  for (let i = 0; i < samples + 10; i++) {
    const next = variants[(i + 1) % 2]!;
    let t = performance.now();
    const report = validateParsed(reparseWorkloadText(previous, next, edits[(i + 1) % 2]));
    const incremental = performance.now() - t;
    previous = report.parsed;
    t = performance.now();
    validateText(next);
    const full = performance.now() - t;
    if (i >= 10) {
      afterEdit.push(incremental);
      whole.push(full);
    }
  }
  return { whole: summarize(whole), afterEdit: summarize(afterEdit) };
}

function printRow(r: InputResult, header: boolean): void {
  const cell = (s: Summary) => `${fmt(s.median)} (p90 ${fmt(s.p90)}, ±${(s.spread * 50).toFixed(0)}%)`.padEnd(30);
  if (header) {
    console.log(
      `${'input'.padEnd(22)}${'lines'.padStart(6)}  ${'ours ms'.padEnd(30)}${'floor ms'.padEnd(30)}${'yaml-language-server ms'.padEnd(30)}${'ours/floor'.padStart(11)}${'ours/yls'.padStart(10)}   (same ratios in CPU time)`,
    );
  }
  const mark = (ok: boolean) => (ok ? ' ' : '!');
  console.log(
    `${r.input.padEnd(22)}${String(r.lines).padStart(6)}  ${cell(r.ms.ours)}${cell(r.ms.floor)}${cell(r.ms['yaml-language-server'])}` +
      `${(r.ratios.oursOverFloor.toFixed(2) + '×' + mark(r.budgets.withinFloorBudget)).padStart(11)}` +
      `${(r.ratios.oursOverYamlLanguageServer.toFixed(2) + '×' + mark(r.budgets.fasterThanYamlLanguageServer)).padStart(10)}` +
      `   cpu: ${r.cpuRatios.oursOverFloor.toFixed(2)}× ${r.cpuRatios.oursOverYamlLanguageServer.toFixed(2)}×`,
  );
}

function fmt(ms: number): string {
  return ms < 1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function roundValues<T extends Record<string, number>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, round(v)])) as T;
}

function roundSummaries(byName: Record<string, Summary>): Record<string, Summary> {
  return Object.fromEntries(Object.entries(byName).map(([k, s]) => [k, roundSummary(s)]));
}

function roundSummary(s: Summary): Summary {
  return Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, k === 'samples' ? v : round(v)]),
  ) as unknown as Summary;
}

async function versions(): Promise<Record<string, string>> {
  const { readFile } = await import('node:fs/promises');
  const out: Record<string, string> = {};
  for (const name of ['yaml', 'ajv', 'yaml-language-server', 'tsx']) {
    try {
      const pkg = JSON.parse(await readFile(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      };
      out[name] = pkg.version;
    } catch {
      out[name] = 'unknown';
    }
  }
  return out;
}

process.exitCode = await main();
