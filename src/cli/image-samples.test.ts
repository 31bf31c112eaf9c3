import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCompose } from '../../test/support/compose-cli';
import { composeSchema, referenceDir } from '../../test/support/compose-spec';

/**
 * Real Score files mostly build their image from source (`image: .`). Every sample of the reference
 * corpus that does is exported here as a user would export it, with `--image` and with `--build`
 * (a context path and a JSON config), and each compose file must follow the Compose Specification.
 * What the samples need besides an image is given as a user gives it: the files they mount, and a
 * provisioners file for resource types no default provisioner offers.
 */
const schema = composeSchema();
const haveCorpus = schema !== undefined && existsSync(referenceDir);
if (!haveCorpus) console.log(`image: . samples: skipped, the reference folder ${referenceDir} is absent`);

interface Sample {
  label: string;
  file: string;
  text: string;
  /** Containers whose image is `.`. */
  built: string[];
}

function samples(): Sample[] {
  const found: Sample[] = [];
  const roots = ['score-samples', 'score-compose/golden', 'score-compose/examples'];
  for (const root of roots) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ya?ml$/.test(entry.name)) {
          const text = readFileSync(full, 'utf8');
          let value: unknown;
          try {
            value = parse(text);
          } catch {
            continue;
          }
          const containers = (value as { containers?: Record<string, { image?: unknown }> } | null)?.containers;
          if (typeof containers !== 'object' || containers === null) continue;
          const built = Object.entries(containers)
            .filter(([, c]) => c?.image === '.')
            .map(([name]) => name);
          if (built.length > 0) found.push({ label: path.relative(referenceDir, full), file: full, text, built });
        }
      }
    };
    const start = path.join(referenceDir, root);
    if (existsSync(start)) walk(start);
  }
  return found;
}

const KNOWN_TYPES = new Set([
  'environment',
  'postgres',
  'postgres-instance',
  'mysql',
  'mongodb',
  'mssql',
  'redis',
  'amqp',
  'kafka-topic',
  's3',
  'elasticsearch',
  'volume',
  'dns',
  'route',
  'service-port',
  'llm-model',
]);

/** A stand-in provisioner for each type the defaults lack, giving the outputs the sample reads. */
function standIns(text: string): string {
  const value = parse(text) as { resources?: Record<string, { type?: unknown }> };
  const types = new Set(
    Object.values(value.resources ?? {})
      .map((r) => r?.type)
      .filter((t): t is string => typeof t === 'string' && !KNOWN_TYPES.has(t)),
  );
  return [...types]
    .map(
      (type) =>
        `- uri: template://samples/${type}\n  type: ${type}\n  outputs: |\n    name: ${type}-{{ .Id }}\n    host: ${type}\n    port: 8080\n    url: http://${type}:8080\n`,
    )
    .join('');
}

const work = mkdtempSync(path.join(tmpdir(), 'score-designer-image-samples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const compose = (cwd: string, args: string[]) => runCompose(args, cwd);

describe.skipIf(!haveCorpus)('samples with image: . export with --image or --build', () => {
  const found = samples();

  it('finds the samples that build from source', () => {
    expect(found.length).toBeGreaterThanOrEqual(5);
  });

  for (const sample of found) {
    it(sample.label, async () => {
      const cwd = mkdtempSync(path.join(work, 'sample-'));
      writeFileSync(path.join(cwd, 'score.yaml'), sample.text);
      // The files the sample mounts, as its checkout would have them.
      for (const source of sample.text.matchAll(/^\s*source: ([\w./-]+\.\w+)\s*$/gm)) {
        writeFileSync(path.join(cwd, source[1]!), 'from the sample\n');
      }
      const provisioners = standIns(sample.text);
      const common = ['score.yaml', '-o', '-', '--project', 'sample', '--seed', '7'];
      if (provisioners !== '') {
        writeFileSync(path.join(cwd, 'samples.provisioners.yaml'), provisioners);
        common.push('--provisioners', 'samples.provisioners.yaml');
      }
      const runs = [
        ['--image', 'registry.example/app:1'],
        sample.built.flatMap((c) => ['--build', `${c}=./${c}`]),
        sample.built.flatMap((c) => ['--build', `${c}={"context":"./${c}","args":{"VERSION":"1"}}`]),
      ];
      for (const flags of runs) {
        const run = await compose(cwd, [...common, ...flags]);
        expect(run.stderr, `${flags.join(' ')}`).not.toMatch(/^score-designer: (?!warning: |note: |\d+ mounted file)/m);
        expect(run.status, `${flags.join(' ')}: ${run.stderr}`).toBe(0);
        const project = parse(run.stdout) as { services: Record<string, { image?: string; build?: unknown }> };
        for (const container of sample.built) {
          const service = Object.values(project.services).find((s) =>
            flags[0] === '--image' ? s.image === 'registry.example/app:1' : s.build !== undefined,
          );
          expect(service, `${container} ${flags.join(' ')}`).toBeDefined();
        }
        expect(schema!.validate(project), `${sample.label} ${flags.join(' ')}: ${schema!.errors()}`).toBe(true);
      }
    });
  }
});
