import type { Step } from '../commands/steps';
import type { Diagnostic } from '../diagnostics';
import { planFixes } from './plan';
import { keepsPromise, previewFix } from './preview';
import type { CheckedText, FixKind, FixOptions, PlannedFix, QuickFix } from './types';

/** What "fix all" says it does, per family: 'Fix all 12: …'. */
const KIND_LABELS: Record<FixKind, string> = {
  'memory-unit': 'memory amounts in Score units',
  'cpu-unit': 'CPU amounts in Score units',
  'quote-value': 'numbers and true/false where text belongs, in quotes',
  'unquote-number': 'ports written as numbers',
  'enum-case': 'values in the letter case Score expects',
  'enum-guess': 'values replaced by the allowed value they are closest to',
  'api-version': 'apiVersion score.dev/v1b1',
  'port-from-target': 'service ports from their targetPort',
  'file-mode': 'file modes as Score writes them',
  'resource-id': 'resource ids in lowercase',
  'rename-unknown-field': 'misspelt fields renamed',
  'remove-unknown-field': 'unknown fields removed',
  'remove-deprecated-target': 'target removed from map-form files and volumes',
  'map-form': 'files and volumes as maps keyed by path',
  'valid-name': 'names made valid',
  'healthy-to-started': 'start orders waiting for healthy on containers without a probe, waiting until started',
  'remove-self-start-order': 'containers removed from their own start order',
  'rename-start-order': 'start orders naming the container they likely mean',
  'remove-start-order': 'start orders naming no container removed',
  'break-cycle': 'start order cycles broken',
  'lower-request': 'requests lowered to their limits',
  'raise-limit': 'limits raised to their requests',
  'declare-resource': 'missing resources declared',
  'rename-placeholder-resource': 'placeholders reading the resource they likely mean',
  'placeholder-root': 'placeholders starting with metadata or resources',
  'placeholder-metadata-key': 'placeholders reading the metadata key they likely mean',
  'placeholder-output': 'placeholders reading the output they likely mean',
  'escape-unterminated': 'unclosed "${" written as plain text',
  'catalog-type': 'resource types the catalog provides',
  'rename-param': 'params renamed to those their provisioner uses',
  'remove-param': 'params no provisioner uses removed',
};

/** The one fix of this family each diagnostic has (fix all takes no second choice). */
function planKind(report: CheckedText, kind: FixKind, options: FixOptions): Array<[Diagnostic, PlannedFix]> {
  const taken = new Set<string>();
  const out: Array<[Diagnostic, PlannedFix]> = [];
  const seen = new Set<string>();
  // Last first: a fix never moves what a fix before it in the text will edit (list items keep their index).
  for (const d of [...report.diagnostics].reverse()) {
    const fix = planFixes(report.parsed, d, options, taken).find((f) => f.kind === kind);
    if (!fix?.fixAll) continue;
    const step = JSON.stringify([fix.command, fix.args]);
    if (seen.has(step)) continue;
    seen.add(step);
    out.push([d, fix]);
  }
  return out;
}

export interface FixAllOffer {
  kind: FixKind;
  /** 'Fix all 12: memory amounts in Score units'. */
  title: string;
  count: number;
}

/** The families two or more problems of the text could be fixed by at once, most problems first. */
export function fixAllOffers(report: CheckedText, options: FixOptions = {}): FixAllOffer[] {
  const counts = new Map<FixKind, number>();
  for (const d of report.diagnostics) {
    for (const fix of planFixes(report.parsed, d, options, new Set())) {
      if (fix.fixAll) counts.set(fix.kind, (counts.get(fix.kind) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, count]) => count >= 2)
    .map(([kind, count]) => ({ kind, count, title: `Fix all ${count}: ${KIND_LABELS[kind]}` }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/**
 * Every problem of a family fixed by one command (`runSteps`: one undo step), previewed; undefined
 * when fewer than two problems have such a fix, when the family is not safe to fix all at once, or
 * when the fixes together would not keep a quick fix's promise.
 */
export function fixAllFor(report: CheckedText, kind: FixKind, options: FixOptions = {}): QuickFix | undefined {
  const planned = planKind(report, kind, options);
  if (planned.length < 2) return undefined;
  const steps: Step[] = planned.map(([, fix]) => ({ name: fix.command, args: fix.args }));
  const fix = { command: 'runSteps' as const, args: { steps } };
  const preview = previewFix(report.parsed.text, fix);
  if (!preview) return undefined;
  const fixed = planned.map(([d]) => d).reverse(); // in document order
  if ((options.verify ?? true) && !keepsPromise(report.diagnostics, fixed, preview.text, options)) return undefined;
  return {
    ...fix,
    title: `Fix all ${planned.length}: ${KIND_LABELS[kind]}`,
    kind,
    code: fixed[0]!.code,
    problems: fixed,
    preferred: false,
    fixAll: true,
    preview,
  };
}
