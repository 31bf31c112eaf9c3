/**
 * The exports' speed: exportCompose (validation, provisioning with the built-in provisioners,
 * conversion and the yaml.v3-exact writer) and exportKubernetes (the same steps as score-k8s, its
 * default provisioners run by the template engine) on each template, budget ≤ 5 ms median each.
 * Writes the "export" part of bench/results.json (unless --no-write) and exits 1 when a budget fails.
 * Run: node --import tsx bench/export.bench.ts [--quick] [--no-write]
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportCompose } from '../src/core/export/compose';
import { exportKubernetes } from '../src/core/export/k8s';
import { templates } from '../src/core/templates';
import { writeBenchPart } from './results-file';
import { summarize } from './stats';

const BUDGET_MS = 5;
const quick = process.argv.includes('--quick');
const rounds = quick ? 50 : 400;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Times one export of every template; `run` returns the export's first error, if any. */
function timeEach(run: (text: string, name: string) => string | undefined) {
  return templates.map((template) => {
    const once = () => run(template.text, template.name);
    const error = once();
    for (let i = 0; i < rounds / 4; i++) once(); // warm-up: the JIT, and the provisioners' first use
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      once();
      ms.push(performance.now() - start);
    }
    const summary = summarize(ms);
    // A template whose resource types no default provisioner offers ends in an error, as with
    // score-compose and score-k8s: that is timed too, but said, so that a fast refusal is not
    // mistaken for a fast export.
    const exported = error === undefined;
    return {
      template: template.name,
      exported,
      ...(exported ? {} : { error }),
      ms: summary,
      passed: summary.median <= BUDGET_MS,
    };
  });
}

const load = loadavg()[0]!;
const results = timeEach(
  (text, name) => exportCompose([{ text, file: 'score.yaml' }], { projectName: name, seed: 1 }).errors[0],
);
const kubernetes = timeEach(
  (text) =>
    exportKubernetes([{ text, file: 'score.yaml' }], { seed: 1 }).diagnostics.find((d) => d.severity === 'error')
      ?.message,
);

const passed = [...results, ...kubernetes].every((r) => r.passed);
console.log(`export bench (${rounds} runs each, load average ${load.toFixed(2)} on ${cpus().length} CPUs)`);
for (const [label, list] of [
  ['compose', results],
  ['kubernetes', kubernetes],
] as const) {
  for (const r of list) {
    console.log(
      `${label.padEnd(11)}${r.template.padEnd(24)} median ${r.ms.median.toFixed(2)} ms  p90 ${r.ms.p90.toFixed(2)} ms  spread ${r.ms.spread.toFixed(2)}  ` +
        `${r.exported ? 'exported' : 'refused: ' + (r.error ?? '')}  ${r.passed ? 'ok' : `OVER ${BUDGET_MS} ms`}`,
    );
  }
}
if (!process.argv.includes('--no-write')) {
  await writeBenchPart(path.join(repoRoot, 'bench/results.json'), 'export', {
    date: new Date().toISOString(),
    budgetMedianMs: BUDGET_MS,
    loadAverage1m: load,
    cpus: cpus().length,
    results,
    kubernetes,
    passed,
  });
}
process.exit(passed ? 0 : 1);
