import { isScalar, type Scalar } from 'yaml';
import type { TextRange } from '../diagnostics';
import { childPointer } from '../document/pointer';
import { locate } from '../document/source-map';
import { isRecord, type Data } from '../workload/values';
import { readLabelSelector, type LabelSelector } from '../policy/label-selector';
import {
  fileProblem,
  readManifests,
  type FileProblem,
  type ManifestDocument,
  type ManifestFile,
} from '../policy/manifests';
import { checkConfig } from './config-rules';
import type { Backend, ConfigProvisioner, Constraints, OrchestratorConfig, Profile } from './config-types';

export type {
  Backend,
  ConfigProvisioner,
  Constraints,
  DefaultSelector,
  OrchestratorConfig,
  Profile,
} from './config-types';

/**
 * The platform's configuration: an OrchestratorConfig (profiles of backends, provisioners with
 * classes, default profile and selectors), as the orchestrator reads it from the `config.yaml` key
 * of its ConfigMap (`score-system/orchestrator-config`). A file may hold that ConfigMap (among other
 * objects, as the orchestrator's samples do) or the OrchestratorConfig itself. The orchestrator
 * refuses a configuration that does not decode or validate, so problems here leave no config;
 * problems inside the ConfigMap's `config.yaml` are placed at their lines in the file.
 */
export interface LoadedConfig {
  /** Undefined when the file holds no configuration or the orchestrator would refuse it. */
  config: OrchestratorConfig | undefined;
  problems: FileProblem[];
}

export function loadOrchestratorConfig(text: string, file: string): LoadedConfig {
  const outer = readManifests(text, file);
  if (outer.problems.some((p) => p.severity === 'error')) return { config: undefined, problems: outer.problems };
  const found = findConfig(outer);
  if ('problem' in found) {
    return {
      config: undefined,
      problems: [{ severity: 'error', message: found.problem, file, path: '', range: START }],
    };
  }
  const reader = new Reader(found.file, found.document, found.shift);
  const config = reader.config(found.value);
  if (reader.problems.length === 0) reader.problems.push(...checkConfig(config, reader.problemAt));
  const problems = reader.problems;
  return { config: problems.some((p) => p.severity === 'error') ? undefined : config, problems };
}

const START: TextRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };
const CONFIG_KEY = 'config.yaml';

interface Found {
  file: ManifestFile;
  document: ManifestDocument;
  value: unknown;
  /** Moves a range in the embedded text to its place in the file. */
  shift: (range: TextRange) => TextRange;
}

function findConfig(outer: ManifestFile): Found | { problem: string } {
  const kindOf = (d: ManifestDocument) => (isRecord(d.value) ? d.value.kind : undefined);
  const bare = outer.documents.find((d) => kindOf(d) === 'OrchestratorConfig');
  if (bare) return { file: outer, document: bare, value: bare.value, shift: (r) => r };
  const maps = outer.documents.filter(
    (d) => kindOf(d) === 'ConfigMap' && isRecord(d.value) && isRecord(d.value.data) && CONFIG_KEY in d.value.data,
  );
  const named = maps.find(
    (d) => isRecord(d.value) && isRecord(d.value.metadata) && d.value.metadata.name === 'orchestrator-config',
  );
  const map = named ?? maps[0];
  if (!map || !isRecord(map.value) || !isRecord(map.value.data)) {
    return {
      problem: `No OrchestratorConfig here: the file needs the ConfigMap the orchestrator reads (with the key ${CONFIG_KEY}) or an object of kind OrchestratorConfig.`,
    };
  }
  const inner = map.value.data[CONFIG_KEY];
  if (typeof inner !== 'string')
    return { problem: `data.${CONFIG_KEY} of the ConfigMap must be text (a YAML document).` };
  const embedded = readManifests(inner, outer.file);
  const shift = embeddedShift(outer, map);
  if (embedded.problems.length > 0 || embedded.documents.length === 0) {
    const first = embedded.problems[0];
    return {
      problem: `data.${CONFIG_KEY} could not be read: ${first ? `${first.message} (line ${shift(first.range).line})` : 'it is empty'}.`,
    };
  }
  const document = embedded.documents[0]!;
  return { file: embedded, document, value: document.value, shift };
}

/**
 * The place of `config.yaml`'s text in the file: for a literal block (`|`, the usual way), line n of
 * the text is the n-th line after the key, indented; any other style maps to the value as a whole.
 */
function embeddedShift(outer: ManifestFile, map: ManifestDocument): (range: TextRange) => TextRange {
  const node = locate(map.doc, `/data/${CONFIG_KEY.replace('/', '~1')}`).node;
  const whole = node?.range ? outer.lines.range(node.range[0], node.range[1]) : START;
  if (!isScalar(node) || (node as Scalar).type !== 'BLOCK_LITERAL' || !node.range) return () => whole;
  const header = outer.lines.position(node.range[0]).line;
  let indent = 0;
  for (let line = header + 1; line <= outer.lines.lineCount; line++) {
    const text = outer.lines.text.slice(outer.lines.lineStart(line), outer.lines.lineEnd(line));
    if (text.trim() === '') continue;
    indent = text.length - text.trimStart().length;
    break;
  }
  return (r) => ({
    line: r.line + header,
    column: r.column + indent,
    endLine: r.endLine + header,
    endColumn: r.endColumn + indent,
  });
}

/** Decodes the configuration as Go's JSON decoder would: a value of the wrong type is refused. */
class Reader {
  readonly problems: FileProblem[] = [];

  constructor(
    private readonly file: ManifestFile,
    private readonly document: ManifestDocument,
    private readonly shift: (range: TextRange) => TextRange,
  ) {}

  readonly problemAt = (pointer: string, message: string): FileProblem => {
    const problem = fileProblem(this.file, this.document, 'error', pointer, message);
    return { ...problem, range: this.shift(problem.range) };
  };

  private fail(pointer: string, message: string): void {
    this.problems.push(this.problemAt(pointer, message));
  }

  config(value: unknown): OrchestratorConfig {
    const root = this.object(value, '');
    const metadata = this.object(root.metadata, '/metadata');
    const spec = this.object(root.spec, '/spec');
    const defaults = this.object(spec.defaults, '/spec/defaults');
    if (root.apiVersion !== 'score.dev/v1b1')
      this.fail('/apiVersion', `apiVersion must be score.dev/v1b1, not ${JSON.stringify(root.apiVersion ?? null)}.`);
    if (root.kind !== 'OrchestratorConfig')
      this.fail('/kind', `kind must be OrchestratorConfig, not ${JSON.stringify(root.kind ?? null)}.`);
    return {
      name: this.text(metadata.name, '/metadata/name'),
      ...(metadata.version !== undefined ? { version: this.text(metadata.version, '/metadata/version') } : {}),
      profiles: this.list(spec.profiles, '/spec/profiles', (p, at) => this.profile(p, at)),
      provisioners: this.list(spec.provisioners, '/spec/provisioners', (p, at) => this.provisioner(p, at)),
      defaults: {
        profile: this.text(defaults.profile, '/spec/defaults/profile'),
        selectors: this.list(defaults.selectors, '/spec/defaults/selectors', (s, at) => ({
          ...this.selector(s, at),
          ...(isRecord(s) && s.profile !== undefined
            ? { profile: this.text(s.profile, childPointer(at, 'profile')) }
            : {}),
        })),
      },
    };
  }

  private profile(value: unknown, at: string): Profile {
    const data = this.object(value, at);
    return {
      name: this.text(data.name, childPointer(at, 'name')),
      ...(data.description !== undefined
        ? { description: this.text(data.description, childPointer(at, 'description')) }
        : {}),
      backends: this.list(data.backends, childPointer(at, 'backends'), (b, bat) => this.backend(b, bat)),
    };
  }

  private backend(value: unknown, at: string): Backend {
    const data = this.object(value, at);
    const template = this.object(data.template, childPointer(at, 'template'));
    return {
      backendId: this.text(data.backendId, childPointer(at, 'backendId')),
      runtimeClass: this.text(data.runtimeClass, childPointer(at, 'runtimeClass')),
      template: {
        kind: this.text(template.kind, childPointer(childPointer(at, 'template'), 'kind')),
        ref: this.text(template.ref, childPointer(childPointer(at, 'template'), 'ref')),
        ...(template.values !== undefined ? { values: template.values } : {}),
      },
      priority: this.integer(data.priority, childPointer(at, 'priority')),
      version: this.text(data.version, childPointer(at, 'version')),
      ...(data.constraints !== undefined && data.constraints !== null
        ? { constraints: this.constraints(data.constraints, childPointer(at, 'constraints')) }
        : {}),
    };
  }

  private constraints(value: unknown, at: string): Constraints {
    const data = this.object(value, at);
    const resources =
      data.resources === undefined || data.resources === null
        ? undefined
        : this.object(data.resources, childPointer(at, 'resources'));
    const quantity = (key: 'cpu' | 'memory' | 'storage') =>
      resources?.[key] !== undefined
        ? { [key]: this.text(resources[key], childPointer(childPointer(at, 'resources'), key)) }
        : {};
    return {
      selectors: this.list(data.selectors, childPointer(at, 'selectors'), (s, sat) => this.selector(s, sat)),
      features: this.list(data.features, childPointer(at, 'features'), (f, fat) => this.text(f, fat)),
      regions: this.list(data.regions, childPointer(at, 'regions'), (r, rat) => this.text(r, rat)),
      ...(resources ? { resources: { ...quantity('cpu'), ...quantity('memory'), ...quantity('storage') } } : {}),
    };
  }

  private provisioner(value: unknown, at: string): ConfigProvisioner {
    const data = this.object(value, at);
    const defaults =
      data.defaults === undefined || data.defaults === null
        ? undefined
        : this.object(data.defaults, childPointer(at, 'defaults'));
    return {
      type: this.text(data.type, childPointer(at, 'type')),
      provisioner: this.text(data.provisioner, childPointer(at, 'provisioner')),
      classes: this.list(data.classes, childPointer(at, 'classes'), (c, cat) => {
        const item = this.object(c, cat);
        return {
          name: this.text(item.name, childPointer(cat, 'name')),
          ...(item.description !== undefined
            ? { description: this.text(item.description, childPointer(cat, 'description')) }
            : {}),
          ...(item.parameters !== undefined ? { parameters: item.parameters } : {}),
        };
      }),
      ...(defaults
        ? {
            defaults: {
              ...(defaults.class !== undefined
                ? { class: this.text(defaults.class, childPointer(childPointer(at, 'defaults'), 'class')) }
                : {}),
              ...(defaults.params !== undefined ? { params: defaults.params } : {}),
            },
          }
        : {}),
    };
  }

  private selector(value: unknown, at: string): LabelSelector {
    const data = this.object(value, at);
    if (data.matchLabels !== undefined && !isRecord(data.matchLabels))
      this.fail(childPointer(at, 'matchLabels'), 'matchLabels must be a mapping of label keys to values.');
    if (data.matchExpressions !== undefined && !Array.isArray(data.matchExpressions))
      this.fail(childPointer(at, 'matchExpressions'), 'matchExpressions must be a list.');
    return readLabelSelector(data);
  }

  private object(value: unknown, at: string): Data {
    if (value === undefined || value === null) return {};
    if (isRecord(value)) return value;
    this.fail(at, `${fieldName(at)} must be a mapping.`);
    return {};
  }

  /** Go leaves a missing string empty; a value of another type is a decoding error. */
  private text(value: unknown, at: string): string {
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    this.fail(at, `${fieldName(at)} must be text${typeof value === 'number' ? ' (quote it)' : ''}.`);
    return String(value);
  }

  private integer(value: unknown, at: string): number {
    if (value === undefined || value === null) return 0;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    this.fail(at, `${fieldName(at)} must be a whole number.`);
    return 0;
  }

  private list<T>(value: unknown, at: string, item: (value: unknown, at: string) => T): T[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.fail(at, `${fieldName(at)} must be a list.`);
      return [];
    }
    return value.map((v, i) => item(v, childPointer(at, i)));
  }
}

/** '/spec/profiles/0/backends/1/priority' → 'spec.profiles[0].backends[1].priority', as the orchestrator names fields. */
export function fieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment),
      '',
    );
}
