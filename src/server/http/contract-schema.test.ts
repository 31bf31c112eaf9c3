import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseWorkloadText } from '../../core/document/parse';
import { templates } from '../../core/templates';
import { validateSchema } from '../../core/validate/schema';
import { loadContract } from './api';

/**
 * The API's ScoreWorkload schema must not refuse a workload the app calls valid: the server checks
 * request bodies against it before the core sees them, so a stricter contract would refuse, with a
 * 400, a workload the designer shows as valid (start order with `before`, the deprecated list forms
 * of files and volumes). Judged on the built-in templates, the public samples and score-go's
 * schema cases in ../shared/reference, each through the core's schema layer and the contract's.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const samplesDir = path.resolve(here, '../../../../shared/reference/score-samples');
const casesFile = path.join(samplesDir, 'score-go__schema__schema_test.go__TestSchema.cases.DERIVED.json');
const haveSamples = existsSync(path.join(samplesDir, 'INDEX.md'));
if (!haveSamples) console.log(`API contract vs Score schema: samples skipped, ${samplesDir} is absent`);

function contractValidator(): (data: unknown) => boolean {
  const contract = loadContract() as unknown as { components: { schemas: Record<string, unknown> } };
  // The contract's schemas refer to each other as '#/components/schemas/…': compile them in place.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'contract', components: contract.components });
  return ajv.compile({ $ref: 'contract#/components/schemas/ScoreWorkload' });
}

function texts(): Array<[string, string]> {
  const all: Array<[string, string]> = templates.map((t) => [`template ${t.name}`, t.text] as [string, string]);
  if (!haveSamples) return all;
  for (const file of readdirSync(samplesDir).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('.DERIVED.')))
    all.push([file, readFileSync(path.join(samplesDir, file), 'utf8')]);
  const cases = (JSON.parse(readFileSync(casesFile, 'utf8')) as { cases: Array<{ name: string; document: unknown }> })
    .cases;
  for (const c of cases) all.push([`score-go case "${c.name}"`, stringify(c.document)]);
  return all;
}

describe("the workloads API's ScoreWorkload schema", () => {
  it('accepts every workload the core calls valid by the Score schema', () => {
    const accepts = contractValidator();
    const refused: string[] = [];
    let valid = 0;
    for (const [label, text] of texts()) {
      const parsed = parseWorkloadText(text);
      if (parsed.blocked || validateSchema(parsed).some((d) => d.severity === 'error')) continue;
      valid++;
      if (!accepts(parsed.value)) refused.push(label);
    }
    console.log(`API contract vs Score schema: ${valid - refused.length}/${valid} valid workloads accepted`);
    expect(refused).toEqual([]);
    expect(valid).toBeGreaterThanOrEqual(haveSamples ? 60 : templates.length);
  });

  it('accepts start order, and the deprecated list forms of files and volumes', () => {
    const accepts = contractValidator();
    const workload = {
      apiVersion: 'score.dev/v1b1',
      metadata: { name: 'ordered' },
      containers: {
        migrate: { image: 'migrate:1', before: { web: { ready: 'complete' } } },
        web: {
          image: 'web:1',
          files: [{ target: '/etc/app.conf', content: 'x' }],
          volumes: [{ source: '${resources.data}', target: '/data' }],
        },
      },
    };
    expect(accepts(workload)).toBe(true);
    expect(accepts({ ...workload, containers: { web: { image: 'w', before: { db: { ready: 'soon' } } } } })).toBe(
      false,
    );
    expect(accepts({ ...workload, containers: { web: { image: 'w', files: [{ content: 'no target' }] } } })).toBe(
      false,
    );
  });
});
