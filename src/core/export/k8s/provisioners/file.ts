import { parseDocument } from 'yaml';
import { isRecord } from '../common/borrowed';
import { templateProvisioner, TEMPLATE_KEYS, type TemplateProvisionerSpec } from './template';
import type { K8sProvisioner } from './types';

/**
 * A score-k8s provisioners file (`*.provisioners.yaml`): a YAML list of provisioners. template://
 * entries run through the template engine. cmd:// entries run a program on the machine, which this
 * export does not do: they are listed, they match their resources, and a resource that reaches one
 * is refused with the reason.
 */
const COMMON_KEYS = ['uri', 'type', 'class', 'id', 'description', 'supported_params', 'expected_outputs'];
const CMD_KEYS = [...COMMON_KEYS, 'args', 'params', 'outputs'];

export function loadK8sProvisioners(text: string): { provisioners: K8sProvisioner[] } | { error: string } {
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) return { error: `failed to decode file: ${doc.errors[0]!.message.split('\n')[0]}` };
  const value = doc.toJS({ maxAliasCount: 1000 }) as unknown;
  if (value === null || value === undefined) return { error: 'failed to decode file: EOF' };
  if (!Array.isArray(value)) return { error: 'failed to decode file: expected a list of provisioners' };
  const provisioners: K8sProvisioner[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (!isRecord(entry)) return { error: `${i}: expected a mapping` };
    const uri = typeof entry.uri === 'string' ? entry.uri : '';
    const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1]?.toLowerCase() ?? '';
    if (scheme === '') return { error: `${i}: missing uri schema '${uri}'` };
    const parsed =
      scheme === 'template'
        ? parseEntry(entry, [...COMMON_KEYS, ...TEMPLATE_KEYS], 'templateprov')
        : scheme === 'cmd'
          ? parseEntry(entry, CMD_KEYS, 'cmdprov')
          : undefined;
    if (!parsed) return { error: `${i}: unsupported provisioner type '${scheme}'` };
    if ('error' in parsed) return { error: `${i}: ${uri}: failed to parse: ${parsed.error}` };
    provisioners.push(scheme === 'template' ? templateProvisioner(parsed.spec) : commandProvisioner(parsed.spec));
  }
  return { provisioners };
}

/**
 * Several files, as `--provisioners FILE`… gives them: each file in the order given (the first
 * provisioner that matches a resource wins).
 */
export function loadK8sProvisionerFiles(
  files: ReadonlyArray<{ name: string; text: string }>,
): { provisioners: K8sProvisioner[] } | { error: string } {
  const provisioners: K8sProvisioner[] = [];
  for (const file of files) {
    const loaded = loadK8sProvisioners(file.text);
    if ('error' in loaded)
      return { error: `failed to load provisioners: failed to load '${file.name}': ${loaded.error}` };
    provisioners.push(...loaded.provisioners);
  }
  return { provisioners };
}

function parseEntry(
  raw: Record<string, unknown>,
  known: readonly string[],
  goPackage: string,
): { spec: TemplateProvisionerSpec } | { error: string } {
  const unknown = Object.keys(raw).find((k) => !known.includes(k));
  if (unknown !== undefined) return { error: `field ${unknown} not found in type ${goPackage}.Provisioner` };
  const uri = raw.uri as string;
  const type = scalar(raw.type);
  if (type === '') return { error: 'type not set' };
  const templates: TemplateProvisionerSpec['templates'] = {};
  for (const key of TEMPLATE_KEYS) {
    const t = raw[key];
    if (t === undefined || t === null || goPackage !== 'templateprov') continue;
    if (typeof t !== 'string') return { error: `${key}: expected a template (a string)` };
    templates[key] = t;
  }
  const klass = raw.class === null || raw.class === undefined ? undefined : scalar(raw.class);
  const id = raw.id === null || raw.id === undefined ? undefined : scalar(raw.id);
  return {
    spec: {
      uri,
      type,
      ...(klass !== undefined ? { class: klass } : {}),
      ...(id !== undefined ? { id } : {}),
      description: scalar(raw.description),
      params: list(raw.supported_params),
      outputs: list(raw.expected_outputs),
      templates,
    },
  };
}

function commandProvisioner(spec: TemplateProvisionerSpec): K8sProvisioner {
  const { templates: _unused, ...facts } = spec;
  const cannotRun = `the provisioner ${spec.uri} runs a program on your machine (cmd://), which this export does not do; use score-k8s itself for this resource, or a template:// provisioner`;
  return { ...facts, cannotRun, provision: () => ({ error: cannotRun }) };
}

/** A YAML scalar read into a Go string field (yaml.v3 takes a number's or bool's text). */
function scalar(value: unknown): string {
  return value === null || value === undefined || typeof value === 'object' ? '' : String(value);
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(scalar) : [];
}
