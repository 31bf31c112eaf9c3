import type { Diagnostic, DiagnosticCode } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { childPointer } from '../../document/pointer';
import { rangeOf, type RangePart } from '../../document/source-map';
import { workloadOf } from '../../workload/read';
import { exportKubernetes, type K8sDiagnostic, type K8sExportOptions } from './index';

/**
 * Export readiness for Kubernetes: what the Kubernetes export (as score-k8s would run it, with the
 * options the app exports with) would refuse or leave out, as diagnostics at their place, so that
 * they show before the user clicks Export — as compose/readiness.ts does for Compose. The export
 * places its own problems (a JSON Pointer and a range in the workload's text); here each gets the
 * readiness codes the Problems list, the status and the folding into the catalog's problems know
 * (compose/problems.ts), words that name the Kubernetes export, and `exportTarget: 'kubernetes'`.
 */
export type K8sReadinessOptions = Pick<
  K8sExportOptions,
  'seed' | 'namespace' | 'image' | 'startOrder' | 'provisioners'
>;

/**
 * The options of the app's Kubernetes export that readiness follows, as the app keeps them (plain
 * data, sent to the worker): '' for no namespace or image.
 */
export type K8sReadinessSettings = Pick<K8sExportOptions, 'seed' | 'namespace' | 'image' | 'startOrder'>;

/** An invalid workload has none here: the export would refuse it for its validation errors, shown already. */
export function k8sReadiness(
  report: { parsed: ParsedDocument; valid: boolean },
  options: K8sReadinessOptions = {},
): Diagnostic[] {
  const { parsed } = report;
  if (!report.valid || parsed.blocked) return [];
  const { namespace, image, ...rest } = options;
  const result = exportKubernetes([{ text: parsed.text, parsed, file: 'score.yaml' }], {
    ...rest,
    ...(namespace ? { namespace } : {}),
    ...(image ? { image } : {}),
    seed: options.seed ?? 0,
  });
  const resourceAt = resourceNames(parsed);
  return result.diagnostics.map((d) => placed(parsed, d, resourceAt));
}

interface Place {
  code: DiagnosticCode;
  pointer: string;
  part?: RangePart;
  message: string;
}

function placed(
  parsed: ParsedDocument,
  d: K8sDiagnostic,
  resourceAt: (pointer: string) => string | undefined,
): Diagnostic {
  const p = d.severity === 'error' ? placeError(d, resourceAt) : placeWarning(d);
  // The export's own range where it placed the problem itself; else the place named here.
  const range = p.pointer === d.path && d.range ? d.range : rangeOf(parsed, p.pointer, p.part);
  return {
    severity: d.severity,
    code: p.code,
    message: p.message,
    path: p.pointer,
    range,
    source: 'export',
    exportTarget: 'kubernetes',
  };
}

function placeError(d: K8sDiagnostic, resourceAt: (pointer: string) => string | undefined): Place {
  const raw = d.message;
  const resource = resourceAt(d.path);
  if (resource !== undefined) {
    const at = childPointer('/resources', resource);
    if (raw.includes('is not supported by any provisioner')) {
      const uid = /resource '([^']+)'/.exec(raw)?.[1] ?? resource;
      const [type = '', klass = 'default'] = uid.split('#')[0]!.split(/\.(.*)/);
      return {
        code: 'EXPORT_NO_PROVISIONER',
        pointer: childPointer(at, 'type'),
        message: `The Kubernetes export would stop at resource "${resource}": no score-k8s provisioner takes type "${type}" class "${klass}" (score-k8s: "${raw}"). Change the type to one score-k8s provides (see the Catalog page), or export with the command line and a score-k8s provisioners file (--provisioners).`,
      };
    }
    if (raw.includes('failed to substitute params')) {
      return {
        code: 'EXPORT_UNRESOLVED',
        pointer: childPointer(at, 'params'),
        message: `The Kubernetes export cannot fill in the params of resource "${resource}": ${raw}. Correct the placeholder so that it names a resource output or metadata key that exists.`,
      };
    }
    return {
      code: 'EXPORT_PROVISIONER_FAILED',
      pointer: at,
      part: 'key',
      message: `The Kubernetes export would fail at resource "${resource}": ${raw}.`,
    };
  }
  if (d.path === '') {
    return { code: 'EXPORT_FAILS', pointer: '/metadata/name', message: `The Kubernetes export would fail: ${raw}.` };
  }
  if (/has no image and --image was not provided/.test(raw)) {
    return {
      code: 'EXPORT_FAILS',
      pointer: d.path,
      message: `The Kubernetes export would fail: ${raw}. Give the container an image (name and tag), or an image for the export in the Kubernetes preview's options.`,
    };
  }
  return {
    code: /invalid ref|key '[^']*' not found/.test(raw) ? 'EXPORT_UNRESOLVED' : 'EXPORT_FAILS',
    pointer: d.path,
    message: `The Kubernetes export would fail here: ${raw}.`,
  };
}

function placeWarning(d: K8sDiagnostic): Place {
  return {
    code: 'EXPORT_CHANGED',
    pointer: d.path === '' ? '/metadata/name' : d.path,
    part: 'key',
    message: `The Kubernetes export changes this: ${d.message}.`,
  };
}

/** The resource a pointer names (`/resources/NAME` or inside it), when the workload declares it. */
function resourceNames(parsed: ParsedDocument): (pointer: string) => string | undefined {
  const declared = workloadOf(parsed).resources;
  return (pointer) => {
    const match = /^\/resources\/([^/]+)/.exec(pointer);
    if (!match) return undefined;
    const name = match[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
    return declared.has(name) ? name : undefined;
  };
}
