import type { Diagnostic, DiagnosticCode, Severity } from '../../diagnostics';
import { parseWorkloadText, type ParsedDocument } from '../../document/parse';
import { childPointer } from '../../document/pointer';
import { rangeOf, type RangePart } from '../../document/source-map';
import { resourceUid } from '../../provisioners/uid';
import type { ProvisionerInfo } from '../../provisioners/types';
import { workloadOf } from '../../workload/read';
import type { Resource, Workload } from '../../workload/types';
import { pointerPath } from './error-place';
import { exportCompose } from './index';
import type { WorkloadSource } from './load';
import { isRecord, textOf } from '../../workload/values';

/**
 * Export readiness: what the Compose export would refuse or change in the workload, as diagnostics at
 * their place, so that the problems show before the user clicks Export. It runs the export itself
 * (the same provisioners, the same rules, score-compose's messages) and places what it reports: the
 * error it stops at, and each warning. The messages name their place the way score-compose does (a
 * resource's uid, `containers.NAME.variables.KEY`, …); that place becomes a JSON Pointer and a range.
 */
export interface ReadinessOptions {
  /** The export's provisioners in match order; score-compose's defaults when absent. */
  provisioners?: readonly ProvisionerInfo[] | undefined;
  /** Seed of generated names and passwords: it changes no verdict, only the values. */
  seed?: number;
  /**
   * The other workloads of the project (see core/graph/project.ts): exported with this one, as
   * score-compose takes a project, so that a `service-port` naming one of them is ready, and one
   * naming a workload not in the project is the problem.
   */
  peers?: readonly WorkloadSource[];
}

/**
 * The Compose export's problems with one workload. An invalid workload has none here: the export
 * would refuse it for its validation errors, which the other layers show already.
 */
export function composeReadiness(
  report: { parsed: ParsedDocument; valid: boolean },
  options: ReadinessOptions = {},
): Diagnostic[] {
  const { parsed } = report;
  if (!report.valid || parsed.blocked) return [];
  const peers = options.peers ?? [];
  const self = { text: parsed.text, parsed, file: 'score.yaml' };
  const result = exportCompose(
    // Named apart, in the project's order after this one (the export sorts its inputs by file name).
    [self, ...peers.map((peer, i) => ({ ...peer, file: `score.peer-${String(i).padStart(4, '0')}.yaml` }))],
    {
      seed: options.seed ?? 0,
      ...(options.provisioners ? { provisioners: [...options.provisioners] } : {}),
    },
  );
  const place = placer(parsed);
  const name = textOf(workloadOf(parsed).metadata?.name) ?? '';
  // The project's export stopped at another workload: its problem is that workload's, shown when it is
  // the one being edited; what this one's export would say is not known until then.
  const peerWorkloads = peers.map((peer) => workloadOf(peer.parsed ?? parseWorkloadText(peer.text)));
  const peerNames = new Set(peerWorkloads.map((w) => textOf(w.metadata?.name)));
  const about = result.errorPlace?.workloads.map((w) => w.name) ?? [];
  const elsewhere = about.some((w) => peerNames.has(w)) && !about.includes(name);
  const ownWarning = (w: string) => peers.length === 0 || w.startsWith(`${name}: `);
  return [
    ...(elsewhere ? [] : result.errors.map((error) => place(error, 'error'))),
    // That service ports are not published on the host is a note for the export's report, not a problem.
    ...result.warnings.filter((w) => !UNPUBLISHED.test(w) && ownWarning(w)).map((warning) => place(warning, 'warning')),
    ...unknownPorts(parsed, peerWorkloads),
  ];
}

/**
 * A `service-port` naming a port its workload does not have: score-compose's provisioner does not
 * stop there (the missing port reads as Go's zero value) and writes port 0 into the project, so the
 * export succeeds and the workload cannot reach the other. Said here, at the resource, as a warning.
 */
function unknownPorts(parsed: ParsedDocument, peers: readonly Workload[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  const self = workloadOf(parsed);
  for (const resource of self.resources.values()) {
    if (textOf(resource.type) !== 'service-port' || !isRecord(resource.params)) continue;
    const workload = textOf(resource.params.workload);
    const port = textOf(resource.params.port);
    if (workload === undefined || port === undefined) continue;
    const target = [self, ...peers].find((w) => textOf(w.metadata?.name) === workload);
    if (!target || [...target.servicePorts.values()].some((p) => p.name === port || textOf(p.port) === port)) continue;
    const pointer = childPointer('/resources', resource.name);
    found.push({
      severity: 'warning',
      code: 'EXPORT_CHANGED',
      message: `Resource "${resource.name}" links to port "${port}" of workload "${workload}", which has no such service port: the Compose export would write port 0. Name one of its ports in params.port, or add the port to that workload.`,
      path: pointer,
      range: rangeOf(parsed, pointer, 'key'),
      source: 'export',
    });
  }
  return found;
}

const UNPUBLISHED = /^[^:]*: service\.ports \(.*\) are not published on the host/;

interface Place {
  code: DiagnosticCode;
  pointer: string;
  part?: RangePart;
  message: string;
}

/** Places one of the export's messages in the workload's text. */
function placer(parsed: ParsedDocument): (raw: string, severity: Severity) => Diagnostic {
  const workload = workloadOf(parsed);
  const name = typeof workload.metadata?.name === 'string' ? workload.metadata.name : '';
  const resourceOf = (uid: string): Resource | undefined =>
    [...workload.resources.values()].find((r) => uidOf(name, r) === uid);

  const placeError = (raw: string): Place => {
    const uid = /resource '([^']+)'/.exec(raw)?.[1];
    const resource = uid === undefined ? undefined : resourceOf(uid);
    if (resource) {
      const at = childPointer('/resources', resource.name);
      if (raw.includes('is not supported by any provisioner')) {
        return {
          code: 'EXPORT_NO_PROVISIONER',
          pointer: childPointer(at, 'type'),
          message: `The Compose export would stop at resource "${resource.name}": no provisioner takes type "${String(resource.type)}" class "${resource.class === undefined ? 'default' : String(resource.class)}" (score-compose: "${raw}"). Load a provisioners file for it on the Catalog page, or change the type to one the catalog offers.`,
        };
      }
      if (raw.includes('failed to substitute params')) {
        return {
          code: 'EXPORT_UNRESOLVED',
          pointer: childPointer(at, 'params'),
          message: `The Compose export cannot fill in the params of resource "${resource.name}": ${detailAfter(raw, `'${uid}'`)}. Correct the placeholder so that it names a resource output or metadata key that exists.`,
        };
      }
      const link = serviceLinkProblem(resource, raw);
      if (link) return { code: 'EXPORT_PROVISIONER_FAILED', pointer: at, part: 'key', message: link };
      return {
        code: 'EXPORT_PROVISIONER_FAILED',
        pointer: at,
        part: 'key',
        message: `The Compose export would fail at resource "${resource.name}": its provisioner failed (${detailAfter(raw, 'failed to provision')}). Check the params it reads, or the provisioner file that provides type "${String(resource.type)}".`,
      };
    }
    const noImage = /container '([^']+)' has no image/.exec(raw)?.[1];
    if (noImage !== undefined) {
      return {
        code: 'EXPORT_FAILS',
        pointer: childPointer(childPointer('/containers', noImage), 'image'),
        message: `The Compose export would fail: container "${noImage}" has image ".", to be built from source, and the export here has no --image or --build. Give it an image (name and tag) to export it.`,
      };
    }
    const pointer = pointerIn(raw);
    if (pointer !== undefined && raw.includes('invalid ref')) {
      return {
        code: 'EXPORT_UNRESOLVED',
        pointer,
        // A variable's value is the placeholder itself; a file's entry is marked at its key.
        ...(pointer.includes('/variables/') ? {} : { part: 'key' as const }),
        message: `The Compose export cannot fill in ${pointerPath(raw)!}: ${detailAfter(raw, pointerPath(raw)!)}. Correct the placeholder so that it names a resource output or metadata key that exists.`,
      };
    }
    if (pointer !== undefined) {
      return {
        code: 'EXPORT_FAILS',
        pointer,
        part: 'key',
        message: `The Compose export would fail at ${pointerPath(raw)!}: ${detailAfter(raw, pointerPath(raw)!)}.`,
      };
    }
    return { code: 'EXPORT_FAILS', pointer: '/metadata/name', message: `The Compose export would fail: ${raw}.` };
  };

  const placeWarning = (raw: string): Place => {
    const text = name !== '' && raw.startsWith(`${name}: `) ? raw.slice(name.length + 2) : raw;
    const pointer = pointerIn(text);
    return {
      code: 'EXPORT_CHANGED',
      pointer: pointer ?? '/metadata/name',
      part: 'key',
      message:
        pointer === undefined
          ? `The Compose export changes this workload: ${text}.`
          : `The Compose export changes ${pointerPath(text)!}: ${detailAfter(text, pointerPath(text)!)}.`,
    };
  };

  return (raw, severity) => {
    const p = severity === 'error' ? placeError(raw) : placeWarning(raw);
    return {
      severity,
      code: p.code,
      message: p.message,
      path: p.pointer,
      range: rangeOf(parsed, p.pointer, p.part),
      source: 'export',
    };
  };
}

function uidOf(workload: string, r: Resource): string {
  const text = (v: unknown) => (v === undefined ? undefined : String(v));
  return resourceUid(workload, r.name, String(r.type), text(r.class), text(r.id));
}

/** What score-compose says after `marker` (the place it names), or the whole message. */
function detailAfter(raw: string, marker: string): string {
  const at = raw.lastIndexOf(`${marker}: `);
  return at < 0 ? raw : raw.slice(at + marker.length + 2);
}

/**
 * The place a score-compose message names in the workload (`containers.web.variables.URL`,
 * `containers.web.volumes[/data]`), as a JSON Pointer; source-map places it at the nearest part that
 * exists in the text when the rest does not.
 */
function pointerIn(raw: string): string | undefined {
  const path = pointerPath(raw);
  if (path === undefined) return undefined;
  let pointer = '';
  for (const [, dotted, bracketed] of path.matchAll(/(?:^|\.)([^.[\]]+)|\[([^\]]*)\]/g)) {
    pointer = childPointer(pointer, (dotted ?? bracketed)!);
  }
  return pointer;
}

/**
 * score-compose's `service-port` provisioner fails with "unknown workload" or "unknown service port"
 * when the workload or port its params name is not in the project: said in the project's words, at
 * the resource.
 */
function serviceLinkProblem(resource: Resource, raw: string): string | undefined {
  if (textOf(resource.type) !== 'service-port' || !isRecord(resource.params)) return undefined;
  const workload = textOf(resource.params.workload) ?? '';
  const port = textOf(resource.params.port) ?? '';
  if (raw.includes('unknown workload')) {
    return `Resource "${resource.name}" links to workload "${workload}", which is not in the project: add that workload to the project (Add workload on the canvas), or correct params.workload (score-compose: "unknown workload").`;
  }
  if (raw.includes('unknown service port')) {
    return `Resource "${resource.name}" links to port "${port}" of workload "${workload}", which has no such service port: name one of its ports in params.port, or add the port to that workload (score-compose: "unknown service port").`;
  }
  return undefined;
}
