import { stringify } from 'yaml';
import type { Catalog } from '../catalog/types';
import type { Diagnostic, TextRange } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { childPointer } from '../document/pointer';
import { rangeOf } from '../document/source-map';
import { loadPolicySet, type PolicySet } from '../policy/admission';
import type { FileProblem } from '../policy/manifests';
import { isRecord, valueAt } from '../workload/values';
import type { ClaimPreview } from './claims';
import { loadOrchestratorConfig, type LoadedConfig } from './config';
import { previewWorkload, rootRange, type WorkloadPreview } from './preview';
import { PROFILE_ANNOTATION, type Selection } from './selection';
import type { Condition } from './status';

/**
 * The readiness preview as the app shows it: plain data (it is made in the validation worker and
 * sent to the page), every line with its place in the workload's text, so that choosing a line shows
 * that place as choosing a problem does. The platform's files are read here too, once per change.
 */
export interface PlatformFile {
  name: string;
  text: string;
}

/** The platform's configuration and admission policies, as the user loaded them. */
export interface PlatformFiles {
  config?: PlatformFile | undefined;
  policies: readonly PlatformFile[];
}

export interface LoadedPlatform {
  config: LoadedConfig | undefined;
  policies: PolicySet;
}

/** A place in the workload: its JSON Pointer and its range in the text. */
export interface Place {
  path: string;
  range: TextRange;
}

export interface StatusView {
  ready: boolean;
  conditions: Array<Condition & { place: Place }>;
  claims: Array<
    Pick<
      ClaimPreview,
      'key' | 'type' | 'class' | 'phase' | 'reason' | 'message' | 'outputsAvailable' | 'provisioner'
    > & {
      outputs: readonly string[] | 'any';
      place: Place;
    }
  >;
  endpoint?: { url: string; place: Place };
  selection?: SelectionView;
  policy: WorkloadPreview['policy'];
  /** The Workload resource as YAML (as `score-designer workload` prints it), when the text could be read. */
  resourceYaml?: string;
  /** Its name and namespace, for a file name. */
  resourceName?: { name: string; namespace: string };
}

export interface SelectionView {
  profile?: { name: string; why: string; place: Place };
  backend?: { backendId: string; runtimeClass: string; template: string };
  backends: Selection['backends'];
  features: string[];
  requests: Selection['requests'];
  error?: { message: string; place: Place };
}

/** Reads the platform's files: a problem in them is theirs (see FileProblem), never the workload's. */
export function loadPlatform(files: PlatformFiles): LoadedPlatform {
  return {
    config: files.config ? loadOrchestratorConfig(files.config.text, files.config.name) : undefined,
    policies: loadPolicySet(files.policies.map((p) => ({ file: p.name, text: p.text }))),
  };
}

/** A file's first error, with its line: what refuses it. */
export function firstFileError(problems: readonly FileProblem[]): FileProblem | undefined {
  return problems.find((p) => p.severity === 'error');
}

export interface PlatformStatus {
  /** What the Workload resource, the policies and the orchestrator say, at their places (document order). */
  diagnostics: Diagnostic[];
  view: StatusView;
}

/**
 * The preview of one workload under the platform loaded, with `validation` (the workload's own
 * problems, as the check found them) and the catalog's provisioners.
 */
export function platformStatus(
  parsed: ParsedDocument,
  platform: LoadedPlatform,
  { validation, catalog }: { validation: readonly Diagnostic[]; catalog?: Catalog | undefined },
): PlatformStatus {
  const preview = previewWorkload(parsed, {
    validation,
    ...(platform.config ? { config: platform.config } : {}),
    policies: platform.policies,
    ...(catalog ? { catalog } : {}),
  });
  const placeOf = (path: string): Place => {
    const known = path === '' || valueAt(parsed.value, path) !== undefined;
    return known ? { path, range: path === '' ? rootRange(parsed) : rangeOf(parsed, path) } : placeOf(parent(path));
  };
  const all = [...validation, ...preview.diagnostics];
  const placeOfProblem = (found: (d: Diagnostic) => boolean): Place | undefined => {
    const d = all.find(found);
    return d ? { path: d.path, range: d.range } : undefined;
  };
  const claimPlace = (c: ClaimPreview) => placeOf(childPointer('/resources', c.key));
  const waiting = preview.claims.find((c) => c.phase !== 'Bound' || !c.outputsAvailable);
  const conditionPlace = (c: Condition): Place => {
    switch (c.status === 'True' ? '' : c.reason) {
      case 'SpecInvalid':
        return placeOfProblem((d) => d.severity === 'error' && d.source !== 'policy') ?? placeOf('');
      case 'PolicyViolation':
        return placeOfProblem((d) => d.severity === 'error' && d.source === 'policy') ?? placeOf('');
      case 'ClaimFailed':
      case 'ClaimPending':
        return waiting ? claimPlace(waiting) : placeOf('');
      case 'ProjectionError':
        return placeOfProblem((d) => d.code === 'UNRESOLVED_PLACEHOLDER') ?? placeOf('');
      case 'RuntimeSelecting':
        return placeOfProblem((d) => d.code === 'PROFILE_NOT_FOUND' || d.code === 'NO_BACKEND') ?? placeOf('');
      default:
        return placeOf('');
    }
  };
  const conditions = preview.status.conditions.map((c) => ({ ...c, place: conditionPlace(c) }));
  // Ready is False for the first of the others that is not True: it points where that one does.
  const ready = conditions.find((c) => c.type === 'Ready');
  const cause = conditions.find((c) => c.type !== 'Ready' && c.status !== 'True');
  if (ready && cause) ready.place = cause.place;

  const resource = preview.resource;
  const name = resource && typeof resource.metadata.name === 'string' ? resource.metadata.name : 'workload';
  const namespace = resource && typeof resource.metadata.namespace === 'string' ? resource.metadata.namespace : '';
  const endpoint = preview.status.endpoint;
  const view: StatusView = {
    ready: ready?.status === 'True',
    conditions,
    claims: preview.claims.map((c) => ({
      key: c.key,
      type: c.type,
      ...(c.class !== undefined ? { class: c.class } : {}),
      phase: c.phase,
      reason: c.reason,
      message: c.message,
      outputsAvailable: c.outputsAvailable,
      ...(c.provisioner ? { provisioner: c.provisioner } : {}),
      outputs: c.outputs,
      place: claimPlace(c),
    })),
    ...(endpoint !== undefined ? { endpoint: { url: endpoint, place: placeOf(firstPortPath(parsed.value)) } } : {}),
    ...(preview.selection ? { selection: selectionView(preview.selection, placeOf, placeOfProblem) } : {}),
    policy: preview.policy,
    ...(resource ? { resourceYaml: stringify(resource, { lineWidth: 0 }), resourceName: { name, namespace } } : {}),
  };
  return { diagnostics: preview.diagnostics, view };
}

function selectionView(
  selection: Selection,
  placeOf: (path: string) => Place,
  placeOfProblem: (found: (d: Diagnostic) => boolean) => Place | undefined,
): SelectionView {
  const hint = childPointer('/metadata/annotations', PROFILE_ANNOTATION);
  const backend = selection.backend;
  return {
    ...(selection.profile
      ? {
          profile: {
            ...selection.profile,
            // Chosen by the annotation, it points there; chosen otherwise, at the workload's metadata.
            place: placeOf(selection.profile.why.includes(PROFILE_ANNOTATION) ? hint : '/metadata'),
          },
        }
      : {}),
    ...(backend
      ? {
          backend: {
            backendId: backend.backendId,
            runtimeClass: backend.runtimeClass,
            template: `${backend.template.kind} ${backend.template.ref}`,
          },
        }
      : {}),
    backends: selection.backends,
    features: selection.features,
    requests: selection.requests,
    ...(selection.error
      ? {
          error: {
            message: selection.error.message,
            place: placeOfProblem((d) => d.code === selection.error!.code) ?? placeOf(''),
          },
        }
      : {}),
  };
}

/** The Score pointer of the first service port (the endpoint's), or of the service. */
function firstPortPath(workload: unknown): string {
  const ports = valueAt(workload, '/service/ports');
  const first = isRecord(ports) ? Object.keys(ports)[0] : undefined;
  return first !== undefined ? childPointer('/service/ports', first) : '/service';
}

function parent(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}
