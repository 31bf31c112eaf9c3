/**
 * The Compose export's speed: exportCompose (validation, provisioning with the built-in provisioners,
 * conversion and the yaml.v3-exact writer) on each template, budget ≤ 5 ms median. Writes the
 * "export" part of bench/results.json and exits 1 when a budget fails.
 * Run: node --import tsx bench/export.bench.ts [--quick]
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportCompose } from '../src/core/export/compose';
import { templates } from '../src/core/templates';
import { writeBenchPart } from './results-file';
import { summarize } from './stats';

const BUDGET_MS = 5;
const quick = process.argv.includes('--quick');
const rounds = quick ? 50 : 400;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const load = loadavg()[0]!;
const results = templates.map((template) => {
  const run = () =>
    exportCompose([{ text: template.text, file: 'score.yaml' }], { projectName: template.name, seed: 1 });
  const first = run();
  for (let i = 0; i < rounds / 4; i++) run(); // warm-up: the JIT, and the provisioners' first use
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    ms.push(performance.now() - start);
  }
  const summary = summarize(ms);
  // A template whose resource types no default provisioner offers ends in an error, as with score-compose:
  // that is timed too, but said, so that a fast refusal is not mistaken for a fast export.
  const exported = first.errors.length === 0;
  return {
    template: template.name,
    exported,
    ...(exported ? {} : { error: first.errors[0] }),
    ms: summary,
    passed: summary.median <= BUDGET_MS,
  };
});

const passed = results.every((r) => r.passed);
console.log(`export bench (${rounds} runs each, load average ${load.toFixed(2)} on ${cpus().length} CPUs)`);
for (const r of results) {
  console.log(
    `${r.template.padEnd(24)} median ${r.ms.median.toFixed(2)} ms  p90 ${r.ms.p90.toFixed(2)} ms  spread ${r.ms.spread.toFixed(2)}  ` +
      `${r.exported ? 'exported' : 'refused: ' + (r.error ?? '')}  ${r.passed ? 'ok' : `OVER ${BUDGET_MS} ms`}`,
  );
}
await writeBenchPart(path.join(repoRoot, 'bench/results.json'), 'export', {
  date: new Date().toISOString(),
  budgetMedianMs: BUDGET_MS,
  loadAverage1m: load,
  cpus: cpus().length,
  results,
  passed,
});
process.exit(passed ? 0 : 1);
