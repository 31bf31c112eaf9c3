import type { Diagnostic, DiagnosticCode } from '../diagnostics';
import type { ParsedDocument } from '../document/parse';
import { childPointer } from '../document/pointer';
import { rangeOf, type RangePart } from '../document/source-map';
import { closest, didYouMean } from '../workload/did-you-mean';
import { workloadOf } from '../workload/read';
import type { Resource } from '../workload/types';
import { hasKey, isRecord, type Data } from '../workload/values';
import { ANY_CLASS, catalogTypes, matchEntry, matchingName, resourceRef, type ResourceRef } from './catalog';
import type { Catalog, CatalogEntry } from './types';

/**
 * The catalog layer of validation (after the rules): what the loaded provisioners say about the
 * workload's resources. Everything here is a warning: the workload is valid Score, but score-compose
 * with these provisioners would not deploy it as written.
 * - a resource no provisioner matches (by type, class and id);
 * - a param its provisioner does not list, or a required one missing (only when the provisioner lists its params);
 * - a placeholder reading an output its provisioner does not give (only when it lists its outputs;
 *   environment resources take any name);
 * - a resource whose provisioner is a cmd:// program, which the browser export cannot run.
 * The rules layer already reports unknown resources and malformed placeholders; this layer skips those.
 */
export function catalogRules(parsed: ParsedDocument, catalog: Catalog): Diagnostic[] {
  if (parsed.blocked || !isRecord(parsed.value)) return [];
  const workload = workloadOf(parsed);
  const workloadName = matchingName(workload);
  const out: Diagnostic[] = [];
  const entries = new Map<string, CatalogEntry>();
  for (const [name, resource] of workload.resources) {
    const ref = resourceRef(resource);
    if (!ref || ref.type === '') continue; // the schema says so
    const { entry, problems } = verdictOn(catalog, workloadName, resource, ref);
    if (entry) entries.set(name, entry);
    for (const p of problems) {
      out.push({
        severity: 'warning',
        code: p.code,
        message: p.message,
        path: p.pointer,
        range: rangeOf(parsed, p.pointer, p.part),
        source: 'catalog',
      });
    }
  }

  for (const p of workload.placeholders) {
    if (p.context === 'command' || p.context === 'args') continue; // not expanded by score-compose
    const [root, name, output] = p.parts;
    if (root !== 'resources' || name === undefined || output === undefined) continue;
    const entry = entries.get(name);
    if (!entry || entry.anyOutput || !entry.outputsDeclared) continue;
    if (entry.outputs.some((o) => o.name === output)) continue;
    const names = entry.outputs.map((o) => o.name);
    const gives = names.length === 0 ? 'gives no outputs' : `gives ${names.map((n) => `"${n}"`).join(', ')}`;
    out.push({
      severity: 'warning',
      code: 'UNKNOWN_OUTPUT',
      message: `Placeholder ${p.token.raw} reads output "${output}", which resource "${name}" does not give: its provisioner (${entry.uri}, type ${entry.type}) ${gives}.${didYouMean(output, names)} score-compose would fail with "key '${output}' not found".`,
      path: p.pointer,
      range: parsed.lines.range(p.start, p.end),
      source: 'catalog',
    });
  }
  return out;
}

/** A warning about one resource, before it is placed in the text. */
interface ResourceProblem {
  code: DiagnosticCode;
  message: string;
  pointer: string;
  part: RangePart;
}

interface Verdict {
  /** The provisioner that takes the resource, if any. */
  entry: CatalogEntry | undefined;
  problems: ResourceProblem[];
}

/**
 * What the catalog says about one resource. Remembered by the resource's view: an edit elsewhere in
 * the workload keeps it (see workload/read.ts), so a check after typing in one container does not
 * match every resource and write its messages again. The view is never changed once read.
 */
function verdictOn(catalog: Catalog, workloadName: string, resource: Resource, ref: ResourceRef): Verdict {
  let byValue = verdicts.get(catalog);
  if (!byValue) {
    byValue = new WeakMap();
    verdicts.set(catalog, byValue);
  }
  const known = byValue.get(resource);
  if (known && known.workloadName === workloadName) return known.verdict;
  const verdict = judge(catalog, workloadName, resource, ref);
  byValue.set(resource, { workloadName, verdict });
  return verdict;
}

const verdicts = new WeakMap<Catalog, WeakMap<Resource, { workloadName: string; verdict: Verdict }>>();

function judge(catalog: Catalog, workloadName: string, resource: Resource, ref: ResourceRef): Verdict {
  const name = resource.name;
  const problems: ResourceProblem[] = [];
  const warn = (code: DiagnosticCode, message: string, pointer: string, part: RangePart = 'value') =>
    problems.push({ code, message, pointer, part });
  const pointer = childPointer('/resources', name);
  const entry = matchEntry(catalog, workloadName, name, ref);
  if (!entry) {
    warn('NO_PROVISIONER', noProvisionerMessage(catalog, name, ref), childPointer(pointer, 'type'));
    return { entry, problems };
  }
  if (!entry.runsInBrowser) {
    warn(
      'PROVISIONER_CANNOT_RUN',
      `Resource "${name}" is provisioned by ${entry.uri}, a program (cmd://) that cannot run in a browser: the Compose export here will fail for it. score-compose itself can run it.`,
      childPointer(pointer, 'type'),
    );
  }
  if (entry.paramsDeclared) checkParams(name, resource.params, entry, pointer, warn);
  return { entry, problems };
}

function checkParams(
  name: string,
  params: Data | undefined,
  entry: CatalogEntry,
  pointer: string,
  warn: (code: DiagnosticCode, message: string, pointer: string, part?: RangePart) => void,
): void {
  const known = entry.params.map((p) => p.name);
  const given = params ?? {};
  for (const key of Object.keys(given)) {
    if (known.includes(key)) continue;
    const supports = known.length === 0 ? 'takes no params' : `takes ${known.map((k) => `"${k}"`).join(', ')}`;
    warn(
      'UNSUPPORTED_PARAM',
      `Param "${key}" of resource "${name}" is not used by its provisioner (${entry.uri}), which ${supports}.${didYouMean(key, known)} Remove it or correct its name.`,
      childPointer(childPointer(pointer, 'params'), key),
      'key',
    );
  }
  for (const param of entry.params) {
    if (!param.required || hasKey(given, param.name)) continue;
    const example = param.example !== undefined ? ` (for example ${param.name}: ${String(param.example)})` : '';
    warn(
      'MISSING_PARAM',
      `Resource "${name}" (type ${entry.type}) needs param "${param.name}": ${lowerFirst(param.description) || 'its provisioner requires it'}. Add it under params${example}.`,
      params ? childPointer(pointer, 'params') : pointer,
      'key',
    );
  }
}

function noProvisionerMessage(catalog: Catalog, name: string, resource: ResourceRef): string {
  const types = catalogTypes(catalog);
  const sameType = types.find((t) => t.type === resource.type);
  const klass = resource.class ?? 'default';
  const head = `Resource "${name}" would not deploy with score-compose: no provisioner for type "${resource.type}" class "${klass}"${resource.id !== undefined ? ` id "${resource.id}"` : ''}.`;
  if (sameType) {
    const classes = sameType.classes.filter((c) => c !== ANY_CLASS);
    return `${head} The loaded provisioners of type "${resource.type}" take class ${classes.map((c) => `"${c}"`).join(', ')}${sameType.entries.some((e) => e.id !== undefined) ? ' (some only a given id)' : ''}.${didYouMean(klass, classes)} Change the class, or load a provisioners file that provides it.`;
  }
  const guess = closest(
    resource.type,
    types.map((t) => t.type),
  );
  return `${head}${guess !== undefined ? ` Did you mean "${guess}"?` : ''} Load a provisioners file that provides it, or use one of the catalog's types.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
