import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseWorkloadText } from '../document/parse';
import { builtinCatalog } from '../catalog';
import { validateText } from '../validate';
import { workloadOf } from '../workload/read';
import { defaultTemplate, findTemplate, templates } from './index';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('workload templates', () => {
  it('have unique names, and each name is the workload name the template opens', () => {
    expect(new Set(templates.map((t) => t.name)).size).toBe(templates.length);
    for (const template of templates) {
      const parsed = parseWorkloadText(template.text);
      expect(parsed.syntax, template.name).toEqual([]);
      expect((parsed.value as { metadata: { name: string } }).metadata.name).toBe(template.name);
      expect(template.title.length, template.name).toBeGreaterThan(0);
      expect(template.description.length, template.name).toBeGreaterThan(0);
    }
  });

  it('carry the workloads API examples unchanged', () => {
    const api = parse(readFileSync(path.join(repoRoot, 'schemas/workloads.openapi.yaml'), 'utf8')) as {
      components: { examples: Record<string, { value: { metadata: { name: string } } }> };
    };
    const examples = Object.values(api.components.examples)
      .map((e) => e.value)
      .filter((v) => typeof v?.metadata?.name === 'string');
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const example of examples) {
      const template = findTemplate(example.metadata.name);
      expect(template, example.metadata.name).toBeDefined();
      expect(isDeepStrictEqual(parse(template!.text), example), example.metadata.name).toBe(true);
    }
  });

  it('start a new document with the hello world workload', () => {
    expect(defaultTemplate.name).toBe('hello-world');
    expect(findTemplate('no-such-template')).toBeUndefined();
  });
});

describe('every template', () => {
  it('is a valid workload with nothing to warn about', () => {
    for (const template of templates) {
      const report = validateText(template.text);
      expect(report.diagnostics, template.name).toEqual([]);
    }
  });
});

describe('what a template needs to export', () => {
  it('is said upfront: exactly the types of its resources that no default provisioner takes', () => {
    const catalog = builtinCatalog();
    for (const template of templates) {
      const report = validateText(template.text, { catalog });
      const { resources } = workloadOf(report.parsed);
      const unprovisioned = report.diagnostics
        .filter((d) => d.code === 'NO_PROVISIONER')
        .map((d) => String(resources.get(d.path.split('/')[2]!)!.type));
      expect([...template.exportNeeds].sort(), template.name).toEqual([...new Set(unprovisioned)].sort());
    }
  });

  it('includes a blank workload, which exports as it is', () => {
    const blank = templates.find((t) => t.title === 'Blank workload')!;
    expect(blank.exportNeeds).toEqual([]);
    expect(validateText(blank.text).diagnostics).toEqual([]);
  });
});
