/**
 * Two builds of the app side by side: text change → paint and typing check → paint (see README.md)
 * measured on build A and build B in one run, a page of each open at once and the samples taken on
 * them in turns (a few changes, or one key and its taking back, on one, then on the other), so that a
 * busy spell of a shared machine falls on both alike. For comparing a change with what came before
 * it; it has no budgets and writes no results file.
 *
 *   node --import tsx bench/ui/ab.bench.ts --a DIR --b DIR [--rounds N] [--port P] [--quick] [--only NAME,…]
 *
 * DIR: a build (`vite build --outDir DIR`). Builds are served on P and P+1 (default 4181, 4182). Each
 * round opens fresh pages of every input.
 */
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { templates } from '../../src/core/templates/index';
import { chromiumLaunch } from '../../scripts/chromium-launch';
import { speedProbe } from '../speed-probe';
import { quantile } from '../stats';
import {
  caretInImageKey,
  checkTimes,
  generated,
  openWithText,
  serve,
  timedChanges,
  typeAndTakeBack,
  type Site,
} from './measures';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const dirs = { A: option('--a'), B: option('--b') };
if (!dirs.A || !dirs.B) {
  console.error('usage: ab.bench.ts --a DIR --b DIR [--rounds N] [--port P] [--quick] [--only NAME,…]');
  process.exit(2);
}
const quick = args.includes('--quick');
const rounds = Number(option('--rounds') ?? 2);
const port = Number(option('--port') ?? 4181);
const only = option('--only')?.split(',');
const plan = { changeSamples: quick ? 20 : 60, typingChecks: quick ? 5 : 30, typed: 0 };
/** Text changes made on one page before the other page's turn. */
const CHANGES_A_TURN = 5;
const inputs = [
  ...templates.map((t) => ({ name: t.name, text: t.text })),
  { name: 'generated-100x100', text: generated },
].filter((i) => !only || only.includes(i.name));

type Side = 'A' | 'B';
const measures = ['change', 'typing'] as const;
const samples = new Map<string, number[]>();
const add = (side: Side, measure: string, input: string, times: number[]) => {
  const key = `${measure} ${input} ${side}`;
  samples.set(key, [...(samples.get(key) ?? []), ...times]);
};

const servers = [await serve(dirs.A, port), await serve(dirs.B, port + 1)];
const sites: Record<Side, Site> = {
  A: { base: `http://127.0.0.1:${port}`, plan },
  B: { base: `http://127.0.0.1:${port + 1}`, plan },
};
const browser = await chromium.launch(chromiumLaunch);
const leaks = new Set<string>();
const load = { before: loadavg()[0]!, after: 0 };
const probe = { before: speedProbe(), after: 0 };
let stale = 0;
try {
  for (let round = 0; round < rounds; round++) {
    for (const input of inputs) {
      const pages = {
        A: await openWithText(sites.A, browser, input.text, leaks),
        B: await openWithText(sites.B, browser, input.text, leaks),
      };
      const turns = (i: number): Side[] => ((round + i) % 2 === 0 ? ['A', 'B'] : ['B', 'A']);
      for (let i = 0; i < plan.changeSamples / CHANGES_A_TURN; i++) {
        for (const side of turns(i)) {
          const { times, stale: s } = await timedChanges(pages[side], input.text, CHANGES_A_TURN);
          add(side, 'change', input.name, times);
          stale += s;
        }
      }
      for (const side of ['A', 'B'] as const) await caretInImageKey(pages[side], input.text);
      for (let i = 0; i < plan.typingChecks; i++) for (const side of turns(i)) await typeAndTakeBack(pages[side]);
      for (const side of ['A', 'B'] as const) {
        const { times, stale: s } = await checkTimes(pages[side]);
        add(side, 'typing', input.name, times);
        stale += s;
        await pages[side].context().close();
      }
      console.log(`round ${round + 1}: ${input.name} done (load ${loadavg()[0]!.toFixed(1)})`);
    }
  }
  load.after = loadavg()[0]!;
  probe.after = speedProbe();
} finally {
  await browser.close();
  for (const server of servers) server.kill();
}

const ms = (n: number) => `${n.toFixed(1)}`.padStart(7);
console.log(`\nA = ${dirs.A}\nB = ${dirs.B}\n${rounds} rounds, the two sides in turns; ms`);
console.log(
  `${'measure'.padEnd(8)} ${'input'.padEnd(22)} ${'A p50'.padStart(7)} ${'B p50'.padStart(7)} ${'A p95'.padStart(7)} ${'B p95'.padStart(7)}  samples`,
);
for (const measure of measures) {
  for (const input of inputs) {
    const figures = (['A', 'B'] as const).map((side) => {
      const times = [...(samples.get(`${measure} ${input.name} ${side}`) ?? [])].sort((a, b) => a - b);
      return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), n: times.length };
    });
    const [a, b] = figures as [(typeof figures)[0], (typeof figures)[0]];
    console.log(
      `${measure.padEnd(8)} ${input.name.padEnd(22)} ${ms(a.p50)} ${ms(b.p50)} ${ms(a.p95)} ${ms(b.p95)}  ${a.n}/${b.n}`,
    );
  }
}
console.log(`stale paints: ${stale}; requests that tried to leave 127.0.0.1: ${leaks.size}`);
console.log(`1-minute load average ${load.before.toFixed(2)} → ${load.after.toFixed(2)} on ${cpus().length} CPUs`);
console.log(`speed probe ${probe.before.toFixed(0)} → ${probe.after.toFixed(0)} ms (calm: about 65 ms)`);
