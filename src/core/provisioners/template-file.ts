import { parseDocument } from 'yaml';
import { aliasProblem, MAX_DEPTH, measureDepth } from '../document/parse';
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

/**
 * A provisioners file is a few kilobytes (score-compose's own defaults are about 30 KB). One may come
 * with a link, so a file far larger is refused with the reason before it is read.
 */
export const MAX_PROVISIONER_FILE = 2 * 1024 * 1024;

export function loadProvisionerFile(
  text: string,
  file = 'provisioners.yaml',
): { provisioners: Provisioner[] } | { error: string } {
  const read = readProvisionerYaml(text, file);
  if ('error' in read) return read;
  const value = read.value;
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

/**
 * The file's YAML as data, or why it cannot be read: too large, not YAML, nested too deeply, an alias
 * that cannot be followed (inside its own anchor's value, or to no anchor) or that expands to too
 * much (yaml's own guard against "billion laughs" throws, and must not reach the user as a crash).
 */
function readProvisionerYaml(text: string, file: string): { value: unknown } | { error: string } {
  const refuse = (why: string) => ({ error: `failed to decode file '${file}': ${why}` });
  if (text.length > MAX_PROVISIONER_FILE) {
    const size = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
    return refuse(
      `the file is ${size(text.length)}; a provisioners file may be at most ${size(MAX_PROVISIONER_FILE)}, so it is not read`,
    );
  }
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const tooDeep = `it nests more than ${MAX_DEPTH} levels deep; no provisioners file needs this`;
  try {
    const doc = parseDocument(text, { schema: 'core', uniqueKeys: true });
    const overflow = doc.errors.find((e) => /call stack/i.test(e.message));
    if (overflow) return refuse(tooDeep);
    if (doc.errors.length > 0) return refuse(doc.errors[0]!.message);
    const depth = measureDepth(doc.contents);
    if (depth.tooDeep) return refuse(`line ${lineOf(depth.at)}: ${tooDeep}`);
    const alias = aliasProblem(doc.contents);
    if (alias) return refuse(`line ${lineOf(alias.at[0])}: ${alias.message}`);
    return { value: doc.toJS() as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/alias/i.test(message)) {
      return refuse(
        'its anchors and aliases expand to too much data (an "alias bomb"); replace the nested aliases with plain values',
      );
    }
    if (/call stack/i.test(message)) return refuse(tooDeep);
    return refuse(message);
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
