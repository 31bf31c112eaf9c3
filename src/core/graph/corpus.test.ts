import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateText } from '../validate';
import { deriveGraph } from './derive';
import type { StartOrderEdge } from './types';

/**
 * The graph of every workload in the public corpus (../shared/reference): score-spec samples and
 * score-compose's golden inputs. Start-order edges are checked against what score-compose really
 * generates: B `depends_on` A with a condition ⇔ an edge A → B with that condition.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const reference = path.resolve(repoRoot, '../shared/reference');
const haveCorpus = fs.existsSync(path.join(reference, 'score-samples'));
if (!haveCorpus) console.log(`graph corpus tests skipped: ${reference} is absent`);

function corpusFiles(): string[] {
  const samples = path.join(reference, 'score-samples');
  const golden = path.join(reference, 'score-compose/golden');
  const examples = path.join(reference, 'score-compose/examples');
  const inDir = (dir: string, pick: (f: string) => boolean) =>
    fs.existsSync(dir) && fs.statSync(dir).isDirectory()
      ? fs
          .readdirSync(dir)
          .filter(pick)
          .map((f) => path.join(dir, f))
      : [];
  return [
    ...inDir(samples, (f) => /\.(ya?ml|json)$/.test(f)),
    ...inDir(golden, () => true).flatMap((d) => inDir(d, (f) => f === 'score.yaml')),
    ...inDir(examples, () => true).flatMap((d) => inDir(d, (f) => /^score.*\.yaml$/.test(f))),
  ];
}

describe.skipIf(!haveCorpus)('graph of every corpus workload', () => {
  it('has a node per container and resource, edges between existing nodes, and every problem once', () => {
    const files = corpusFiles();
    let nodes = 0;
    let edges = 0;
    let problems = 0;
    for (const file of files) {
      const report = validateText(fs.readFileSync(file, 'utf8'));
      const graph = deriveGraph(report.parsed, report.diagnostics);
      const value = report.parsed.value as { containers?: unknown; resources?: unknown } | undefined;
      const count = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).length : 0);
      const ids = graph.nodes.map((n) => n.id);
      expect(new Set(ids).size, file).toBe(ids.length);
      expect(ids.length, file).toBe(1 + count(value?.containers) + count(value?.resources));
      for (const e of graph.edges) {
        expect(ids, `${file}: ${e.id}`).toContain(e.source);
        expect(ids, `${file}: ${e.id}`).toContain(e.target);
      }
      const placed = [...graph.nodes, ...graph.edges].flatMap((x) => x.problems.map((p) => p.index));
      expect(
        placed.sort((a, b) => a - b),
        file,
      ).toEqual(report.diagnostics.map((_, i) => i));
      nodes += graph.nodes.length;
      edges += graph.edges.length;
      problems += placed.length;
    }
    console.log(`graph corpus: ${files.length} workloads, ${nodes} nodes, ${edges} edges, ${problems} problems placed`);
    expect(files.length).toBeGreaterThan(50);
  });

  it('draws start order the way score-compose orders services (depends_on)', () => {
    const golden = path.join(reference, 'score-compose/golden');
    const conditions: Record<string, string> = {
      service_started: 'started',
      service_healthy: 'healthy',
      service_completed_successfully: 'complete',
    };
    let checked = 0;
    for (const dir of fs.readdirSync(golden).filter((d) => fs.statSync(path.join(golden, d)).isDirectory())) {
      const expectedFile = ['expected-compose.yaml', 'expected-compose.derived.yaml']
        .map((f) => path.join(golden, dir, f))
        .find((f) => fs.existsSync(f));
      const scoreFile = path.join(golden, dir, 'score.yaml');
      if (!expectedFile || !fs.existsSync(scoreFile)) continue;
      const report = validateText(fs.readFileSync(scoreFile, 'utf8'));
      const graph = deriveGraph(report.parsed, report.diagnostics);
      const workload = graph.name;
      const containers = new Set(graph.nodes.filter((n) => n.kind === 'container').map((n) => n.name));
      const compose = parse(fs.readFileSync(expectedFile, 'utf8')) as {
        services?: Record<string, { depends_on?: Record<string, { condition?: string }> }>;
      };
      // What score-compose says: for each of this workload's containers, the containers it waits for.
      const expected: string[] = [];
      for (const [service, spec] of Object.entries(compose.services ?? {})) {
        const then = service.slice(workload.length + 1);
        if (!service.startsWith(`${workload}-`) || !containers.has(then)) continue;
        for (const [dependency, how] of Object.entries(spec.depends_on ?? {})) {
          const first = dependency.slice(workload.length + 1);
          if (!dependency.startsWith(`${workload}-`) || !containers.has(first)) continue;
          expected.push(`${first} -> ${then} ${conditions[how.condition ?? ''] ?? how.condition}`);
        }
      }
      const drawn = graph.edges
        .filter((e): e is StartOrderEdge => e.kind === 'start-order')
        .map((e) => `${e.first} -> ${e.then} ${e.ready}`);
      expect(drawn.sort(), dir).toEqual(expected.sort());
      checked += expected.length;
    }
    console.log(`graph corpus: ${checked} start-order edges agree with score-compose's depends_on`);
    expect(checked).toBeGreaterThan(0);
  });
});
