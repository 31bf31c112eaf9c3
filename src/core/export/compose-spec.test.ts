import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composeSchema, referenceDir as reference } from '../../../test/support/compose-spec';
import { defaultProvisioners } from '../provisioners/builtin';
import { loadProvisionerFile } from '../provisioners/template';
import { templates } from '../templates';
import { exportCompose } from './compose';

/**
 * Every compose file we export must be one Docker Compose accepts: each export of the golden inputs,
 * the templates and the sample workloads is checked against the Compose Specification's own schema
 * (read from ../shared/reference at test time). Inputs whose export fails (unknown resource types, …)
 * produce no compose file and are counted apart.
 */
const schema = composeSchema();
const present = schema !== undefined;
if (!present) console.log(`compose-spec conformance: skipped, the reference folder ${reference} is absent`);

interface Input {
  label: string;
  workloads: Array<{ text: string; file: string }>;
  dir?: string;
  custom?: string;
}

function goldenInputs(): Input[] {
  const root = path.join(reference, 'score-compose/golden');
  return readdirSync(root)
    .filter((dir) => existsSync(path.join(root, dir, 'score.yaml')))
    .map((dir) => {
      const files = readdirSync(path.join(root, dir)).filter((f) => /^score.*\.yaml$/.test(f));
      const custom = path.join(root, dir, '00-custom.provisioners.yaml');
      return {
        label: `golden ${dir}`,
        dir: path.join(root, dir),
        workloads: files.map((file) => ({ file, text: readFileSync(path.join(root, dir, file), 'utf8') })),
        ...(existsSync(custom) ? { custom: readFileSync(custom, 'utf8') } : {}),
      };
    });
}

function sampleInputs(): Input[] {
  const root = path.join(reference, 'score-samples');
  return readdirSync(root)
    .filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('DERIVED'))
    .map((file) => ({
      label: `sample ${file}`,
      workloads: [{ file, text: readFileSync(path.join(root, file), 'utf8') }],
    }));
}

describe.skipIf(!present)('exported compose files follow the Compose Specification', () => {
  it('validates every compose file exported from the goldens, the templates and the samples', () => {
    const { validate, errors } = schema!;
    const inputs: Input[] = [
      ...goldenInputs(),
      ...templates.map((t) => ({ label: `template ${t.name}`, workloads: [{ file: 'score.yaml', text: t.text }] })),
      ...sampleInputs(),
    ];
    let exported = 0;
    let refused = 0;
    const invalid: string[] = [];
    for (const input of inputs) {
      const custom = input.custom ? loadProvisionerFile(input.custom, '00-custom.provisioners.yaml') : undefined;
      if (custom && 'error' in custom) throw new Error(custom.error);
      const result = exportCompose(input.workloads, {
        projectName: 'conformance',
        provisioners: [...(custom?.provisioners ?? []), ...defaultProvisioners()],
        readFile: (p) => {
          const full = input.dir ? path.join(input.dir, p) : '';
          return input.dir && existsSync(full) ? new Uint8Array(readFileSync(full)) : undefined;
        },
      });
      if (result.errors.length > 0 || result.compose === '') {
        refused++;
        continue;
      }
      exported++;
      if (!validate(parse(result.compose))) {
        invalid.push(`${input.label}: ${errors()}`);
      }
    }
    console.log(
      `compose-spec conformance: ${exported - invalid.length}/${exported} exported compose files valid ` +
        `(${refused} inputs not exportable with the default provisioners, e.g. unknown resource types)`,
    );
    expect(invalid).toEqual([]);
    expect(exported).toBeGreaterThan(30);
  });
});
