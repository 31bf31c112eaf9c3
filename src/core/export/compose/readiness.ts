import type { Diagnostic, DiagnosticCode, Severity } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { childPointer } from '../../document/pointer';
import { rangeOf, type RangePart } from '../../document/source-map';
import { resourceUid } from '../../provisioners/uid';
import type { Provisioner } from '../../provisioners/types';
import { workloadOf } from '../../workload/read';
import type { Resource } from '../../workload/types';
import { pointerPath } from './error-place';
import { exportCompose } from './index';

/**
 * Export readiness: what the Compose export would refuse or change in the workload, as diagnostics at
 * their place, so that the problems show before the user clicks Export. It runs the export itself
 * (the same provisioners, the same rules, score-compose's messages) and places what it reports: the
 * error it stops at, and each warning. The messages name their place the way score-compose does (a
 * resource's uid, `containers.NAME.variables.KEY`, …); that place becomes a JSON Pointer and a range.
 */
export interface ReadinessOptions {
  /** The export's provisioners in match order; score-compose's defaults when absent. */
  provisioners?: readonly Provisioner[] | undefined;
  /** Seed of generated names and passwords: it changes no verdict, only the values. */
  seed?: number;
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
  const result = exportCompose([{ text: parsed.text, parsed }], {
    seed: options.seed ?? 0,
    ...(options.provisioners ? { provisioners: [...options.provisioners] } : {}),
  });
  const place = placer(parsed);
  return [
    ...result.errors.map((error) => place(error, 'error')),
    // That service ports are not published on the host is a note for the export's report, not a problem.
    ...result.warnings.filter((w) => !UNPUBLISHED.test(w)).map((warning) => place(warning, 'warning')),
  ];
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
