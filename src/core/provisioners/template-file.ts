import { parseDocument } from 'yaml';
import { createTemplateProvisioner, type TemplateProvisionerSpec } from './template-provisioner';
import type { Provisioner } from './types';

/**
 * A score-compose provisioners file (`*.provisioners.yaml`): a YAML list of provisioner entries.
 * template:// entries run through the template engine; cmd:// entries would run a program, which a
 * browser cannot do, so they match their resources and then fail with a clear message.
 */
export const TEMPLATE_KEYS = [
  'init',
  'state',
  'shared',
  'outputs',
  'directories',
  'files',
  'networks',
  'volumes',
  'services',
  'models',
  'info_logs',
] as const;
const OTHER_KEYS = ['uri', 'type', 'class', 'id', 'description', 'supported_params', 'expected_outputs', 'args', 'env'];

export function loadProvisionerFile(
  text: string,
  file = 'provisioners.yaml',
): { provisioners: Provisioner[] } | { error: string } {
  const doc = parseDocument(text, { schema: 'core', uniqueKeys: true });
  if (doc.errors.length > 0) return { error: `failed to decode file '${file}': ${doc.errors[0]!.message}` };
  const value = doc.toJS() as unknown;
  if (value === null || value === undefined) return { provisioners: [] };
  if (!Array.isArray(value)) return { error: `failed to decode file '${file}': expected a list of provisioners` };
  const provisioners: Provisioner[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry = value[i] as unknown;
    const where = `${file}: provisioner ${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return { error: `${where}: expected a mapping` };
    const raw = entry as Record<string, unknown>;
    const uri = typeof raw.uri === 'string' ? raw.uri : '';
    if (uri === '') return { error: `${where}: uri not set` };
    if (typeof raw.type !== 'string' || raw.type === '') return { error: `${where}: type not set` };
    const scheme = uri.slice(0, uri.indexOf('://'));
    const common = {
      uri,
      type: raw.type,
      ...(typeof raw.class === 'string' ? { class: raw.class } : {}),
      ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
      description: typeof raw.description === 'string' ? raw.description : '',
      params: stringList(raw.supported_params).map((name) => ({ name, description: '' })),
      outputs: stringList(raw.expected_outputs).map((name) => ({ name, description: '' })),
    };
    if (scheme === 'template') {
      const unknown = Object.keys(raw).find(
        (k) => !OTHER_KEYS.includes(k) && !(TEMPLATE_KEYS as readonly string[]).includes(k),
      );
      if (unknown !== undefined)
        return { error: `${where}: field ${unknown} not found in type templateprov.Provisioner` };
      const templates: TemplateProvisionerSpec['templates'] = {};
      for (const key of TEMPLATE_KEYS) {
        const t = raw[key];
        if (t === undefined || t === null) continue;
        if (typeof t !== 'string') return { error: `${where}: ${key} must be a template string` };
        templates[key] = t;
      }
      provisioners.push(createTemplateProvisioner({ ...common, templates }));
    } else if (scheme === 'cmd') {
      provisioners.push({
        ...common,
        provision: () => ({
          error: `the provisioner ${uri} runs a program on your machine (cmd://), which cannot run in a browser; use score-compose itself for this resource, or a template:// provisioner`,
        }),
      });
    } else if (scheme === 'local-env' || scheme === 'builtin') {
      // score-compose's built-in environment provisioner, named in a file: ours is added anyway.
      continue;
    } else {
      return { error: `${where}: unsupported provisioner uri '${uri}' (expected template:// or cmd://)` };
    }
  }
  return { provisioners };
}

/**
 * Several provisioner files, as score-compose loads `.score-compose/*.provisioners.yaml`: in file
 * name order, so that earlier files win (score-compose's own defaults come last, as zz-default).
 */
export function loadProvisionerFiles(
  files: ReadonlyArray<{ name: string; text: string }>,
): { provisioners: Provisioner[] } | { error: string } {
  const provisioners: Provisioner[] = [];
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const loaded = loadProvisionerFile(file.text, file.name);
    if ('error' in loaded) return { error: `failed to load provisioners: ${loaded.error}` };
    provisioners.push(...loaded.provisioners);
  }
  return { provisioners };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
