import {
  decodeYaml,
  goStructMap,
  executeTemplate,
  isRecord,
  parseTemplate,
  patchMap,
  resourceTemplateData,
  SeededRandom,
  sprigFunctions,
  TemplateError,
  templateFailure,
  zeroService,
  type ParsedTemplate,
  type TemplateFunction,
} from '../common/borrowed';
import { encodeSecretRef } from '../common/secret-refs';
import type { Manifest } from '../common/write';
import type { K8sProvisioner, K8sProvisionInput, K8sProvisionOutcome } from './types';

/**
 * score-k8s's template provisioner: Go templates with sprig and `encodeSecretRef` for init, state,
 * shared, outputs and manifests, rendered in that order; each output is decoded as YAML and seen by
 * the next ones as .Init, .State and .Shared.
 */
export const TEMPLATE_KEYS = ['init', 'state', 'shared', 'outputs', 'manifests'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export type TemplateProvisionerSpec = Omit<K8sProvisioner, 'provision' | 'cannotRun'> & {
  templates: Partial<Record<TemplateKey, string>>;
};

class Failure {
  constructor(readonly message: string) {}
}

const SECRET_REF: TemplateFunction = { params: ['string', 'string'], fn: encodeSecretRef as never };

/** The template function names: the same for every run, so a template is parsed once. */
let functionNames: string[] | undefined;

export function templateProvisioner(spec: TemplateProvisionerSpec): K8sProvisioner {
  const { templates, ...facts } = spec;
  const parsed = new Map<TemplateKey, ParsedTemplate | TemplateError>();
  const compiled = (key: TemplateKey, source: string): ParsedTemplate => {
    let entry = parsed.get(key);
    if (!entry) {
      functionNames ??= [...Object.keys(sprigFunctions(new SeededRandom(0))), 'encodeSecretRef'];
      try {
        entry = parseTemplate('', source, { functions: functionNames });
      } catch (e) {
        if (!(e instanceof TemplateError)) throw e;
        entry = e;
      }
      parsed.set(key, entry);
    }
    if (entry instanceof TemplateError) throw entry;
    return entry;
  };
  return {
    ...facts,
    provision(input, random) {
      try {
        return { result: run(templates, compiled, input, random) };
      } catch (error) {
        if (error instanceof Failure) return { error: error.message };
        throw error;
      }
    },
  };
}

function run(
  templates: TemplateProvisionerSpec['templates'],
  compiled: (key: TemplateKey, source: string) => ParsedTemplate,
  input: K8sProvisionInput,
  random: SeededRandom,
): Extract<K8sProvisionOutcome, { result: unknown }>['result'] {
  const functions = { ...sprigFunctions(random), encodeSecretRef: SECRET_REF };
  const data: Record<string, unknown> = {
    Guid: input.guid,
    ...resourceTemplateData(input),
    WorkloadMetadata: input.workloadMetadata,
    // A Go map of structs: a workload that is not there reads as an empty one, not as nil.
    WorkloadServices: goStructMap(input.workloadServices, zeroService),
    Namespace: input.namespace,
  };

  /** Renders and decodes one template; undefined when it is absent or renders to nothing. */
  const render = (key: TemplateKey): unknown => {
    const source = (templates[key] ?? '').trim();
    if (source === '') return undefined;
    let text: string;
    try {
      text = executeTemplate(compiled(key, source), data, { functions });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      throw new Failure(templateFailure(key, error));
    }
    if (text.trim() === '') return undefined;
    const decoded = decodeYaml(text);
    if ('error' in decoded) throw new Failure(`${key} template failed: failed to decode output: ${decoded.error}`);
    return decoded.value;
  };
  const renderMap = (key: TemplateKey): Record<string, unknown> => {
    const value = render(key);
    if (value === undefined || value === null) return {};
    if (!isRecord(value)) {
      throw new Failure(`${key} template failed: failed to decode output: '' expected a map, got '${kind(value)}'`);
    }
    return value;
  };

  data.Init = renderMap('init');
  const state = renderMap('state');
  data.State = state;
  const shared = renderMap('shared');
  data.Shared = patchMap(input.shared, shared);
  const outputs = renderMap('outputs');
  const listed = render('manifests');
  const manifests: Manifest[] = [];
  if (listed !== undefined && listed !== null) {
    if (!Array.isArray(listed)) {
      throw new Failure(
        `manifests template failed: failed to decode output: '' source data must be an array or slice, got ${kind(listed)}`,
      );
    }
    listed.forEach((item: unknown, i) => {
      if (!isRecord(item)) {
        throw new Failure(
          `manifests template failed: failed to decode output: '[${i}]' expected a map, got '${kind(item)}'`,
        );
      }
      manifests.push(item);
    });
  }
  return { state, outputs, shared, manifests };
}

/** reflect's kind names, as mapstructure reports them. */
function kind(value: unknown): string {
  if (Array.isArray(value)) return 'slice';
  if (isRecord(value)) return 'map';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float64';
  return typeof value === 'boolean' ? 'bool' : 'string';
}
