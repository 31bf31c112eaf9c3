import { performance } from 'node:perf_hooks';
import type { Competitor } from './competitors';

/** How long and how often each input is timed. */
export interface Plan {
  warmupMs: number;
  minSamples: number;
  maxSamples: number;
  /** Stop adding rounds after this long, once minSamples are in. */
  budgetMs: number;
}

export const fullPlan: Plan = { warmupMs: 1500, minSamples: 40, maxSamples: 1000, budgetMs: 15_000 };
export const quickPlan: Plan = { warmupMs: 300, minSamples: 10, maxSamples: 60, budgetMs: 3_000 };

/** One competitor's samples on one input, in milliseconds. */
export interface Timings {
  /** Wall-clock time of each call: what a user waits. The budgets use these. */
  wall: number[];
  /**
   * CPU time the process spent during each call (all its threads, so V8's GC helpers count too).
   * Time lost to other processes is not in it, so on a busy machine it shows what the code costs.
   */
  cpu: number[];
}

/**
 * Times every competitor on one text, in interleaved rounds (one call of each per round, in a
 * rotating order) so that a slow spell on the machine — another process, a GC, a CPU clock change —
 * falls on all of them alike instead of on whichever happened to run then.
 */
export async function timeRounds(competitors: readonly Competitor[], text: string, plan: Plan): Promise<Timings[]> {
  const warmupEnd = performance.now() + plan.warmupMs;
  while (performance.now() < warmupEnd) {
    for (const c of competitors) await timeOne(c, text);
  }
  const timings = competitors.map((): Timings => ({ wall: [], cpu: [] }));
  const start = performance.now();
  for (let round = 0; round < plan.maxSamples; round++) {
    if (round >= plan.minSamples && performance.now() - start > plan.budgetMs) break;
    for (let k = 0; k < competitors.length; k++) {
      const index = (round + k) % competitors.length;
      const [wall, cpu] = await timeOne(competitors[index]!, text);
      timings[index]!.wall.push(wall);
      timings[index]!.cpu.push(cpu);
    }
  }
  return timings;
}

/** Wall and CPU milliseconds of one call. A synchronous check is timed without awaiting anything. */
async function timeOne(competitor: Competitor, text: string): Promise<[number, number]> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = competitor.check(text);
  if (typeof result !== 'number') await result;
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return [wall, (cpu.user + cpu.system) / 1000];
}
