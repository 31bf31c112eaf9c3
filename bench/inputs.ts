import { readFile } from 'node:fs/promises';
import { parse, stringify } from 'yaml';
import { generateWorkload } from './workload-generator';

/** The texts every validator is timed on, the same text for each. */
export interface BenchInput {
  name: string;
  text: string;
  lines: number;
  bytes: number;
}

/** The three example workloads of the workloads API, by the metadata.name they carry. */
export const exampleNames = ['ecommerce-frontend', 'data-pipeline-worker', 'ml-inference-service'] as const;

export async function loadInputs(repoRoot: string): Promise<BenchInput[]> {
  const examples = await loadExamples(repoRoot);
  return [...examples, input('generated-100x100', generateWorkload(100, 100))];
}

/**
 * The app's own templates when they exist (hand-written YAML with comments, what users start from);
 * otherwise the examples' values from the OpenAPI document, written out as YAML.
 */
async function loadExamples(repoRoot: string): Promise<BenchInput[]> {
  try {
    const { findTemplate } = await import('../src/core/templates/index');
    const found = exampleNames.map((name) => findTemplate(name));
    if (found.every((t) => t !== undefined)) return found.map((t) => input(t.name, t.text));
  } catch {
    // no templates module yet: fall through to the API document
  }
  return examplesFromApi(repoRoot);
}

interface ApiDocument {
  components?: { examples?: Record<string, { value?: { metadata?: { name?: string } } }> };
}

/** The examples' values from schemas/workloads.openapi.yaml (components.examples), written out as YAML. */
export async function examplesFromApi(repoRoot: string): Promise<BenchInput[]> {
  const api = parse(await readFile(`${repoRoot}/schemas/workloads.openapi.yaml`, 'utf8')) as ApiDocument;
  const examples = Object.values(api.components?.examples ?? {});
  return exampleNames.map((name) => {
    const value = examples.find((e) => e.value?.metadata?.name === name)?.value;
    if (!value) throw new Error(`The workloads API has no example workload named ${name}.`);
    return input(name, stringify(value));
  });
}

function input(name: string, text: string): BenchInput {
  return { name, text, lines: text.split('\n').length - 1, bytes: Buffer.byteLength(text) };
}
