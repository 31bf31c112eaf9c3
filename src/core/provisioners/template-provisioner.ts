import { isTrue, renderTemplate, sprigFunctions, TEMPLATE_BUDGET, TemplateError, type BudgetLimit } from '../template';
import type {
  Provisioner,
  ProvisionResult,
  ResourceProvisionInput,
  WorkloadService,
  WorkloadServicePort,
} from './types';
import { decodeYaml, decodeYamlMap } from '../go/yaml';

/**
 * A score-compose template provisioner: Go templates (with sprig) for init, state, shared, outputs,
 * directories, files, networks, services, volumes, models and info_logs, rendered in that order.
 * Each output is YAML-decoded and fed to the next ones (.Init, .State, .Shared).
 */
export type TemplateKey =
  | 'init'
  | 'state'
  | 'shared'
  | 'outputs'
  | 'directories'
  | 'files'
  | 'networks'
  | 'volumes'
  | 'services'
  | 'models'
  | 'info_logs';

export interface TemplateProvisionerSpec extends Omit<Provisioner, 'provision'> {
  templates: Partial<Record<TemplateKey, string>>;
}

class Failure {
  constructor(
    readonly message: string,
    readonly budget?: BudgetLimit,
  ) {}
}

export function createTemplateProvisioner(spec: TemplateProvisionerSpec): Provisioner {
  const { templates, ...meta } = spec;
  return {
    ...meta,
    provision(input, context) {
      const functions = sprigFunctions(context.random);
      // The templates of one resource share one time budget, as they run for one purpose.
      const deadline = Date.now() + TEMPLATE_BUDGET.timeMs; // the clock eval.ts reads (the core has no `performance` type)
      const data: Record<string, unknown> = {
        ...resourceTemplateData(input),
        WorkloadServices: goStructMap(input.workloadServices, zeroService),
        ComposeProjectName: input.composeProjectName,
        MountsDirectory: input.mountsDirectory,
      };

      /** Renders one template; undefined when it is absent or renders to nothing. */
      const render = (key: TemplateKey): string | undefined => {
        const source = (templates[key] ?? '').trim();
        if (source === '') return undefined;
        let text: string;
        try {
          text = renderTemplate('', source, data, { functions, deadline });
        } catch (error) {
          if (error instanceof TemplateError) throw new Failure(templateFailure(key, error), error.budget);
          throw error;
        }
        return text.trim() === '' ? undefined : text;
      };
      const renderMap = (key: TemplateKey): Record<string, unknown> => {
        const text = render(key);
        if (text === undefined) return {};
        const decoded = decodeYamlMap(text);
        if ('error' in decoded) throw new Failure(`${key} template failed: failed to decode output: ${decoded.error}`);
        return decoded.value;
      };

      try {
        const init = renderMap('init');
        data.Init = init;
        const state = renderMap('state');
        data.State = state;
        const shared = renderMap('shared');
        data.Shared = mergePatch(input.shared, shared);
        const outputs = renderMap('outputs');
        const directories: Record<string, boolean> = {};
        for (const [k, v] of Object.entries(renderMap('directories'))) directories[k] = isTrue(v);
        const files: Record<string, string | null> = {};
        for (const [k, v] of Object.entries(renderMap('files')))
          files[k] = v === null || v === undefined ? null : String(v);
        const networks = renderMap('networks');
        const services = renderMap('services');
        const volumes = renderMap('volumes');
        const info: string[] = [];
        if (render('models') !== undefined) {
          info.push(
            `${input.uid}: the provisioner's models template is not supported by this export; its models are left out`,
          );
        }
        const logs = render('info_logs');
        if (logs !== undefined) info.push(...infoLines(logs));
        const result: ProvisionResult = {
          outputs,
          state,
          shared,
          services,
          volumes,
          networks,
          files,
          directories,
          info,
        };
        return { result };
      } catch (error) {
        if (error instanceof Failure)
          return error.budget ? { error: error.message, overBudget: error.budget } : { error: error.message };
        throw error;
      }
    },
  };
}

/** The info_logs list; when the text is not valid YAML (a few default templates), its lines as they are. */
function infoLines(text: string): string[] {
  const decoded = decodeYaml(text);
  if (!('error' in decoded) && Array.isArray(decoded.value)) return decoded.value.map((v) => String(v));
  return text
    .split('\n')
    .map((l) => l.trim().replace(/^- /, ''))
    .filter((l) => l !== '');
}

/** RFC 7386 merge patch, as score-compose's util.PatchMap applies the shared template. */
function mergePatch(target: unknown, patch: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  if (!isObject(patch)) return out;
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (isObject(v)) out[k] = mergePatch(out[k], v);
    else out[k] = v;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function zeroPort(): WorkloadServicePort {
  return { Name: '', Port: 0, TargetPort: 0, Protocol: '' };
}

/**
 * The template data both tools give a provisioner of the resource itself, under the names of their
 * provisioners.Input (score-compose's and score-k8s's agree on these); each adds its own beside them.
 */
export function resourceTemplateData(input: ResourceProvisionInput): Record<string, unknown> {
  return {
    Uid: input.uid,
    Type: input.type,
    Class: input.class,
    Id: input.id,
    Params: input.params,
    Metadata: input.metadata,
    Init: {},
    State: input.state,
    Shared: input.shared,
    SourceWorkload: input.sourceWorkload,
  };
}

/** Why a provisioner's template did not render, in the words both tools use. */
export function templateFailure(key: string, error: TemplateError): string {
  const what = error.phase === 'parse' ? 'failed to parse template' : 'failed to execute template';
  return `${key} template failed: ${what}: ${error.message}`;
}

export function zeroService(): WorkloadService {
  return { ServiceName: '', Ports: goStructMap({}, zeroPort) };
}

/**
 * A Go map of structs: a missing key gives the zero struct (whose fields are empty), not nil. That
 * is what score-compose's templates rely on for `(index .WorkloadServices "x").ServiceName`.
 */
export function goStructMap<T extends object>(map: Record<string, T>, zero: () => T): Record<string, T> {
  const target = Object.create(null) as Record<string, T>;
  for (const [k, v] of Object.entries(map)) {
    const service = v as unknown as Partial<WorkloadService>;
    target[k] = service.Ports ? ({ ...v, Ports: goStructMap(service.Ports, zeroPort) } as T) : v;
  }
  return new Proxy(target, {
    getOwnPropertyDescriptor(t, key) {
      const own = Reflect.getOwnPropertyDescriptor(t, key);
      if (own || typeof key !== 'string') return own;
      return { value: zero(), writable: false, enumerable: false, configurable: true };
    },
    get(t, key, receiver) {
      if (typeof key !== 'string' || Object.prototype.hasOwnProperty.call(t, key)) return Reflect.get(t, key, receiver);
      return zero();
    },
  });
}
