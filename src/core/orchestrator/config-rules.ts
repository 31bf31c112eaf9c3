import type { FileProblem } from '../policy/manifests';
import type { Backend, Constraints, OrchestratorConfig } from './config-types';

/**
 * The checks the orchestrator runs on every load of its configuration (its config validator): at
 * least one profile, each a DNS label, unique, with at least one backend; backend ids unique across
 * the configuration; a known runtime class and template kind, a template ref and a version; priority
 * not negative; resource ranges written `q`, `q-q`, `q-` or `-q`; provisioner types unique and each
 * naming its provisioner; classes unique; a default profile, and every profile and class named
 * elsewhere existing. Any failure makes the orchestrator refuse the whole configuration.
 */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const RUNTIME_CLASSES = ['kubernetes', 'ecs', 'nomad'];
const TEMPLATE_KINDS = ['manifests', 'helm', 'kustomize'];
const RANGE = /^([0-9]+[a-zA-Z]*|[0-9]+[a-zA-Z]*-[0-9]+[a-zA-Z]*|-[0-9]+[a-zA-Z]*|[0-9]+[a-zA-Z]*-)$/;

export function checkConfig(
  config: OrchestratorConfig,
  at: (pointer: string, message: string) => FileProblem,
): FileProblem[] {
  const out: FileProblem[] = [];
  const fail = (pointer: string, message: string) => out.push(at(pointer, message));
  if (config.name === '') fail('/metadata/name', 'metadata.name is required.');

  const profileNames = new Set<string>();
  const backendIds = new Set<string>();
  if (config.profiles.length === 0) fail('/spec/profiles', 'At least one profile must be defined (spec.profiles).');
  config.profiles.forEach((profile, i) => {
    const base = `/spec/profiles/${i}`;
    if (profile.name === '') fail(`${base}/name`, `Profile ${i + 1} needs a name.`);
    else {
      if (profile.name.length > 63 || !DNS_LABEL.test(profile.name)) {
        fail(
          `${base}/name`,
          `Profile name "${profile.name}" must be a DNS label: lowercase letters, digits and '-', at most 63 characters.`,
        );
      }
      if (profileNames.has(profile.name)) fail(`${base}/name`, `Profile "${profile.name}" is defined twice.`);
      profileNames.add(profile.name);
    }
    if (profile.backends.length === 0)
      fail(`${base}/backends`, `Profile "${profile.name}" needs at least one backend.`);
    profile.backends.forEach((backend, j) => checkBackend(backend, `${base}/backends/${j}`, backendIds, fail));
  });

  const types = new Set<string>();
  config.provisioners.forEach((provisioner, i) => {
    const base = `/spec/provisioners/${i}`;
    if (provisioner.type === '') fail(`${base}/type`, `Provisioner ${i + 1} needs a type.`);
    else if (types.has(provisioner.type))
      fail(`${base}/type`, `Two provisioners take type "${provisioner.type}"; a type may have one.`);
    types.add(provisioner.type);
    if (provisioner.provisioner === '')
      fail(`${base}/provisioner`, `The provisioner for type "${provisioner.type}" must name its provisioner.`);
    const classes = new Set<string>();
    provisioner.classes.forEach((klass, j) => {
      if (klass.name === '') fail(`${base}/classes/${j}/name`, 'Each class needs a name.');
      else if (classes.has(klass.name)) fail(`${base}/classes/${j}/name`, `Class "${klass.name}" is defined twice.`);
      classes.add(klass.name);
    });
    const defaultClass = provisioner.defaults?.class;
    if (defaultClass !== undefined && defaultClass !== '' && !classes.has(defaultClass)) {
      fail(`${base}/defaults/class`, `The default class "${defaultClass}" is not one of this provisioner's classes.`);
    }
  });

  const defaults = config.defaults;
  if (defaults.profile === '') fail('/spec/defaults/profile', 'A default profile is required (spec.defaults.profile).');
  else if (!profileNames.has(defaults.profile))
    fail('/spec/defaults/profile', `The default profile "${defaults.profile}" is not defined.`);
  defaults.selectors.forEach((selector, i) => {
    const base = `/spec/defaults/selectors/${i}`;
    if (Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0) {
      fail(base, 'A selector must give matchLabels or matchExpressions.');
    }
    if (selector.profile !== undefined && selector.profile !== '' && !profileNames.has(selector.profile)) {
      fail(`${base}/profile`, `Profile "${selector.profile}" is not defined.`);
    }
  });
  return out;
}

function checkBackend(
  backend: Backend,
  base: string,
  ids: Set<string>,
  fail: (pointer: string, message: string) => void,
): void {
  if (backend.backendId === '') fail(`${base}/backendId`, 'Each backend needs a backendId.');
  else if (ids.has(backend.backendId))
    fail(
      `${base}/backendId`,
      `Backend id "${backend.backendId}" is used twice; ids are unique across the configuration.`,
    );
  ids.add(backend.backendId);
  if (backend.runtimeClass === '') fail(`${base}/runtimeClass`, `Backend "${backend.backendId}" needs a runtimeClass.`);
  else if (!RUNTIME_CLASSES.includes(backend.runtimeClass)) {
    fail(
      `${base}/runtimeClass`,
      `Runtime class "${backend.runtimeClass}" is not supported; use ${RUNTIME_CLASSES.join(', ')}.`,
    );
  }
  if (backend.template.kind === '') fail(`${base}/template/kind`, 'The template needs a kind.');
  else if (!TEMPLATE_KINDS.includes(backend.template.kind)) {
    fail(
      `${base}/template/kind`,
      `Template kind "${backend.template.kind}" is not supported; use ${TEMPLATE_KINDS.join(', ')}.`,
    );
  }
  if (backend.template.ref === '') fail(`${base}/template/ref`, 'The template needs a ref.');
  if (backend.version === '') fail(`${base}/version`, `Backend "${backend.backendId}" needs a version.`);
  if (backend.priority < 0) fail(`${base}/priority`, 'priority must not be negative.');
  if (backend.constraints) checkRanges(backend.constraints, `${base}/constraints`, fail);
}

function checkRanges(constraints: Constraints, base: string, fail: (pointer: string, message: string) => void): void {
  for (const key of ['cpu', 'memory', 'storage'] as const) {
    const range = constraints.resources?.[key];
    if (range !== undefined && range !== '' && !RANGE.test(range)) {
      fail(
        `${base}/resources/${key}`,
        `"${range}" is not a ${key} range: write a quantity (100m), min-max (100m-2000m), min- or -max.`,
      );
    }
  }
}
