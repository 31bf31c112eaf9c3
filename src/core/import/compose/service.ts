import { isScalar } from 'yaml';
import { toPointer } from '../../document/pointer';
import { ANNOTATION_KEY } from '../../quick-fixes/values';
import { locate } from '../../document/source-map';
import { isData, lookup, own, put, type ComposeFile, type Data, type Notes } from './read';
import { mounts, type Mount } from './mounts';
import { exposed, ports, type Port } from './ports';
import { cpuFrom, interpolates, memoryFrom, shellWords } from './values';

export type { Mount } from './mounts';
export type { Port } from './ports';

/**
 * One Compose service read into what Score can hold: image, command, variables, ports, volumes,
 * start order, health check, limits and annotations. What it cannot hold is said in the notes.
 */

export type Readiness = 'started' | 'healthy' | 'complete';

export interface Variable {
  key: string;
  /** The value as Compose writes it; null when it comes from the environment Compose runs in (`- KEY`). */
  value: string | null;
  at: string[];
}

export interface Dependency {
  service: string;
  ready: Readiness;
  at: string[];
}

export interface ServiceSpec {
  name: string;
  at: string[];
  image?: string;
  /** Built from source (`build:`): the image is `.` in Score, given at export with --build or --image. */
  build: boolean;
  entrypoint?: string[];
  command?: string[];
  variables: Variable[];
  ports: Port[];
  mounts: Mount[];
  dependsOn: Dependency[];
  /** The health check's command, as a probe runs it. */
  probe?: string[];
  limits: { memory?: string; cpu?: string };
  requests: { memory?: string; cpu?: string };
  annotations: Record<string, string>;
}

/** Keys read elsewhere or on purpose left alone. */
const READ = new Set([
  'image',
  'build',
  'command',
  'entrypoint',
  'environment',
  'ports',
  'expose',
  'volumes',
  'depends_on',
  'healthcheck',
  'mem_limit',
  'mem_reservation',
  'cpus',
  'deploy',
  'annotations',
]);

/** Why some keys are left out, in words; every other key gets the general sentence. */
const LEFT_OUT: Record<string, string> = {
  restart: 'Score has no restart policy: the platform decides (score-compose sets none, Kubernetes restarts always).',
  container_name: 'Score names containers itself (score-compose: WORKLOAD-CONTAINER); container_name is left out.',
  hostname: 'score-compose gives a workload its name as host name; hostname is left out.',
  networks: 'score-compose puts every workload on one network; networks are left out.',
  labels: 'Score has no labels; use annotations (kept as workload annotations) instead.',
  env_file:
    'env_file is not read: copy the variables into environment, or read them from the environment with ${NAME}.',
  tmpfs: 'tmpfs mounts are left out: Score mounts volumes from resources.',
  secrets: 'Score has no secrets of its own: pass them as variables from an environment resource, or a provisioner.',
  profiles: 'Score has no profiles: every imported workload runs.',
  extends: 'extends is not followed: copy what the service takes from the other one.',
};

export function readService(file: ComposeFile, name: string, spec: Data): ServiceSpec {
  const notes = file.notes;
  const at = ['services', name];
  const out: ServiceSpec = {
    name,
    at,
    build: false,
    variables: [],
    ports: [],
    mounts: [],
    dependsOn: [],
    limits: {},
    requests: {},
    annotations: {},
  };
  const image = own(spec, 'image');
  if (typeof image === 'string' && image.trim() !== '') out.image = image;
  if (own(spec, 'build') !== undefined) {
    out.build = true;
    notes.changed(
      out.image === undefined
        ? `Service "${name}" is built from source: its container's image is ".", which score-compose takes from --build CONTAINER=CONTEXT or --image.`
        : `Service "${name}" is built from source as ${out.image}: its container runs that image; build it before.`,
      [...at, 'build'],
    );
  } else if (out.image === undefined) {
    notes.invalid(`Service "${name}" has neither image nor build; its container needs an image.`, at);
  }
  out.entrypoint = commandLine(notes, spec, at, 'entrypoint');
  out.command = commandLine(notes, spec, at, 'command');
  out.variables = environment(file, spec, at);
  out.ports = [...ports(notes, spec, at), ...exposed(notes, spec, at)];
  out.mounts = mounts(notes, spec, at, file.volumes);
  out.dependsOn = dependsOn(notes, spec, at);
  out.probe = healthcheck(notes, spec, at);
  amounts(notes, spec, at, out);
  const annotations = own(spec, 'annotations');
  for (const [key, value] of Object.entries(isData(annotations) ? annotations : {})) {
    if (typeof value === 'string' && ANNOTATION_KEY.test(key)) put(out.annotations, key, value);
    else
      notes.notConverted(
        typeof value === 'string'
          ? `"${key}" is no annotation key Score takes (letters, digits, '.', '_' and '-', after an optional DNS prefix and '/'); it is left out.`
          : `Annotation "${key}" is not text; it is left out.`,
        [...at, 'annotations', key],
      );
  }
  for (const key of Object.keys(spec)) {
    if (READ.has(key) || key.startsWith('x-')) continue;
    notes.notConverted(lookup(LEFT_OUT, key) ?? `"${key}" has no counterpart in a Score workload; it is left out.`, [
      ...at,
      key,
    ]);
  }
  return out;
}

/** `command` / `entrypoint`: a list, or a string split as Compose splits it. */
function commandLine(notes: Notes, spec: Data, at: string[], key: 'command' | 'entrypoint'): string[] | undefined {
  const value = own(spec, key);
  if (value === undefined || value === null) return undefined;
  const words = Array.isArray(value)
    ? value.every((w) => typeof w === 'string' || typeof w === 'number')
      ? value.map(String)
      : undefined
    : typeof value === 'string'
      ? shellWords(value)
      : undefined;
  if (!words) {
    notes.notConverted(`${key} is neither a list of words nor a command line that splits into words; it is left out.`, [
      ...at,
      key,
    ]);
    return undefined;
  }
  if (words.some(interpolates)) {
    notes.notConverted(
      `${key} reads variables of the environment Compose runs in (\${…}); score-compose writes $ in command lines as $$, so the container's shell will see them instead (the values are kept as written).`,
      [...at, key],
    );
  }
  // Compose writes a literal $ as $$; Score writes command lines as they run.
  return words.map((w) => w.replace(/\$\$/g, '$'));
}

function environment(file: ComposeFile, spec: Data, at: string[]): Variable[] {
  const value = own(spec, 'environment');
  const base = [...at, 'environment'];
  if (value === undefined || value === null) return [];
  const out: Variable[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item !== 'string' || item === '') {
        file.notes.notConverted('An environment entry must be KEY=value or KEY; this one is left out.', [
          ...base,
          String(i),
        ]);
        return;
      }
      const eq = item.indexOf('=');
      out.push(
        eq < 0
          ? { key: item, value: null, at: [...base, String(i)] }
          : { key: item.slice(0, eq), value: item.slice(eq + 1), at: [...base, String(i)] },
      );
    });
  } else if (isData(value)) {
    for (const [key, v] of Object.entries(value)) {
      const here = [...base, key];
      if (v === null) out.push({ key, value: null, at: here });
      else if (typeof v === 'string') out.push({ key, value: v, at: here });
      else if (typeof v === 'number' || typeof v === 'boolean')
        out.push({ key, value: writtenText(file, here) ?? String(v), at: here });
      else file.notes.notConverted(`Variable "${key}" is neither text nor a number; it is left out.`, here);
    }
  } else {
    file.notes.notConverted('environment must be a mapping or a list of KEY=value; it is left out.', base);
  }
  return out.filter((v) => {
    if (v.key !== '' && !v.key.includes('=')) return true;
    file.notes.notConverted(`"${v.key}" is no variable name; it is left out.`, v.at);
    return false;
  });
}

/** A plain number or true/false as written (`1.50` stays `1.50`), as Compose passes it on. */
function writtenText(file: ComposeFile, at: string[]): string | undefined {
  const doc = file.parsed.doc;
  const node = doc ? locate(doc, toPointer(at)).node : undefined;
  return isScalar(node) && node.range && node.type === 'PLAIN'
    ? file.parsed.text.slice(node.range[0], node.range[1])
    : undefined;
}

const CONDITIONS: Record<string, Readiness> = {
  service_started: 'started',
  service_healthy: 'healthy',
  service_completed_successfully: 'complete',
};

function dependsOn(notes: Notes, spec: Data, at: string[]): Dependency[] {
  const value = own(spec, 'depends_on');
  const base = [...at, 'depends_on'];
  if (Array.isArray(value)) {
    return value
      .map((service, i): Dependency | undefined =>
        typeof service === 'string' ? { service, ready: 'started', at: [...base, String(i)] } : undefined,
      )
      .filter((d): d is Dependency => d !== undefined);
  }
  if (!isData(value)) return [];
  const out: Dependency[] = [];
  for (const [service, entry] of Object.entries(value)) {
    const here = [...base, service];
    const condition = own(entry, 'condition') ?? 'service_started';
    const ready = typeof condition === 'string' ? lookup(CONDITIONS, condition) : undefined;
    if (!ready) {
      notes.notConverted(
        `The condition "${String(condition)}" is none Score knows; "${service}" is waited for until it has started.`,
        here,
      );
    }
    if (own(entry, 'required') === false || own(entry, 'restart') === true) {
      notes.changed(
        'required: false and restart: true have no counterpart in Score; the start order is kept without them.',
        here,
      );
    }
    out.push({ service, ready: ready ?? 'started', at: here });
  }
  return out;
}

/** `test: [CMD, …]`, `[CMD-SHELL, "…"]` or a string: the command a probe runs. */
function healthcheck(notes: Notes, spec: Data, at: string[]): string[] | undefined {
  const check = own(spec, 'healthcheck');
  const here = [...at, 'healthcheck'];
  if (!isData(check) || own(check, 'disable') === true) return undefined;
  const test = own(check, 'test');
  let command: string[] | undefined;
  if (typeof test === 'string') command = ['sh', '-c', test];
  else if (Array.isArray(test) && test.every((w) => typeof w === 'string')) {
    const [kind, ...rest] = test as string[];
    if (kind === 'NONE') return undefined;
    if (kind === 'CMD' && rest.length > 0) command = rest;
    else if (kind === 'CMD-SHELL' && rest.length === 1) command = ['sh', '-c', rest[0]!];
  }
  if (!command) {
    notes.notConverted('This health check is no command a probe can run; it is left out.', here);
    return undefined;
  }
  const timing = ['interval', 'timeout', 'retries', 'start_period', 'start_interval'].filter(
    (k) => own(check, k) !== undefined,
  );
  if (timing.length > 0) {
    notes.changed(
      `The health check becomes a readiness probe; Score has no ${timing.join(', ')} (score-compose checks every 5s with a 5s timeout).`,
      here,
    );
  }
  return command.map((w) => w.replace(/\$\$/g, '$'));
}

/** mem_limit, mem_reservation, cpus and deploy.resources as Score's limits and requests. */
function amounts(notes: Notes, spec: Data, at: string[], out: ServiceSpec): void {
  const take = (value: unknown, read: (v: unknown) => string | undefined, key: string[], set: (v: string) => void) => {
    if (value === undefined) return;
    const amount = read(value);
    if (amount === undefined)
      notes.notConverted(`"${String(value)}" is no amount Score can write; it is left out.`, key);
    else set(amount);
  };
  take(own(spec, 'mem_limit'), memoryFrom, [...at, 'mem_limit'], (v) => (out.limits.memory = v));
  take(own(spec, 'mem_reservation'), memoryFrom, [...at, 'mem_reservation'], (v) => (out.requests.memory = v));
  take(own(spec, 'cpus'), cpuFrom, [...at, 'cpus'], (v) => (out.limits.cpu = v));
  const deploy = own(spec, 'deploy');
  if (!isData(deploy)) return;
  const resources = own(deploy, 'resources');
  for (const [kind, target] of [
    ['limits', out.limits],
    ['reservations', out.requests],
  ] as const) {
    const amount = own(resources, kind);
    const key = [...at, 'deploy', 'resources', kind];
    take(own(amount, 'memory'), memoryFrom, [...key, 'memory'], (v) => (target.memory = v));
    take(own(amount, 'cpus'), cpuFrom, [...key, 'cpus'], (v) => (target.cpu = v));
  }
  const rest = Object.keys(deploy).filter((k) => k !== 'resources');
  if (rest.length > 0) {
    notes.notConverted(
      `deploy's ${rest.join(', ')} have no counterpart in Score (its resources are kept as limits and requests).`,
      [...at, 'deploy'],
    );
  }
}
