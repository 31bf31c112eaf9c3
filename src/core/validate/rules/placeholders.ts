import type { Diagnostic } from '../../diagnostics';
import type { ParsedDocument } from '../../document/parse';
import { findExpandableStrings, textOffsets, type ExpandableString } from '../../workload/placeholders';
import {
  findUnterminatedPlaceholder,
  scanPlaceholderReferences,
  type PlaceholderToken,
} from '../../workload/placeholder-syntax';
import { isPlaceholderPart, WELL_FORMED_PLACEHOLDER } from '../../workload/placeholder-syntax';
import { parsePointer } from '../../document/pointer';
import { didYouMean } from '../../workload/did-you-mean';
import type { Workload } from '../../workload/types';
import { hasKey, isRecord } from '../../workload/values';

/**
 * Placeholder rules, in the contexts score-go's `loader.Validate` checks: variables, file content
 * (unless noExpand), volume source and resource params. Command and args are not expanded by Score
 * validation, so they are not checked here either. Beyond score-go, unknown metadata keys and a
 * resource reference without an output key are reported now, since substitution would fail on them
 * at generate time anyway.
 */

const ROOTS = ['metadata', 'resources'];

export function placeholderRules(parsed: ParsedDocument, workload: Workload): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const s of findExpandableStrings(parsed)) {
    if (s.context === 'command' || s.context === 'args') continue;
    const { tokens, parts } = scanPlaceholderReferences(s.value);
    // A plain loop, and nothing made per string or placeholder: this runs for every string of the
    // workload at each check, and nearly every placeholder is fine. Messages are written for problems only.
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const problem = checkToken(token, parts[i]!, s, workload);
      if (problem) out.push(at(parsed, s, token.start, token.end, problem));
    }
    const open = findUnterminatedPlaceholder(s.value);
    if (open >= 0) {
      out.push(
        at(parsed, s, open, open + 2, {
          severity: 'warning',
          code: 'UNTERMINATED_PLACEHOLDER',
          message: `${capitalise(describeField(s.pointer, workload))} has a "\${" that is never closed by "}". score-compose keeps it as literal text, and Docker Compose may reject it. Close the placeholder with "}", or write "$\${" for a literal "\${".`,
        }),
      );
    }
  }
  return out;
}

/** How to write a placeholder's text literally. */
const escapeHint = (raw: string) => `To write a literal "${raw}", escape it as "$${raw}".`;

type Problem = Pick<Diagnostic, 'severity' | 'code' | 'message'>;

function checkToken(
  token: PlaceholderToken,
  reference: readonly string[],
  s: ExpandableString,
  workload: Workload,
): Problem | undefined {
  const { raw, content } = token;
  // The messages are only written for a placeholder with a problem: most have none.
  if (!WELL_FORMED_PLACEHOLDER.test(content)) {
    return {
      severity: 'error',
      code: 'INVALID_PLACEHOLDER',
      message: malformed(raw, content, describeField(s.pointer, workload), escapeHint(raw)),
    };
  }
  // Well formed, it holds no `\.`: its reference split is the content split on every dot.
  const parts = reference;
  const root = parts[0]!;
  const name = parts[1]!;
  if (!ROOTS.includes(root)) {
    return {
      severity: 'error',
      code: 'UNKNOWN_PLACEHOLDER_ROOT',
      message: `Placeholder ${raw} in ${describeField(s.pointer, workload)} starts with "${root}", but a placeholder must start with "metadata" or "resources".${didYouMean(root, ROOTS)} ${escapeHint(raw)}`,
    };
  }
  if (root === 'resources') {
    if (!workload.resources.has(name)) {
      const names = [...workload.resources.keys()];
      const known =
        names.length === 0
          ? 'The workload declares no resources'
          : `Declared resources: ${names.map((n) => `"${n}"`).join(', ')}`;
      return {
        severity: 'error',
        code: 'UNKNOWN_RESOURCE',
        message: `Placeholder ${raw} in ${describeField(s.pointer, workload)} does not resolve to a resource: there is no resource named "${name}".${didYouMean(name, names)} ${known}; add "${name}" under resources or correct the name.`,
      };
    }
    if (parts.length === 2 && s.context !== 'volume-source') {
      return {
        severity: 'error',
        code: 'MISSING_OUTPUT_KEY',
        message: `Placeholder ${raw} in ${describeField(s.pointer, workload)} names resource "${name}" but none of its outputs; only a volume source may use a resource on its own. Add the output key, e.g. \${resources.${name}.host}.`,
      };
    }
    return undefined;
  }
  return checkMetadata(raw, parts, s.pointer, workload);
}

function malformed(raw: string, content: string, where: string, escape: string): string {
  const head = `Placeholder ${raw} in ${where} is malformed`;
  if (content.includes('\\.')) {
    return `${head}: it escapes a dot with "\\.". Score's substitution would accept it, but score-go's validation (used by score-compose and score-k8s) rejects it: every part may hold only letters, digits, "_" and "-". Use a key without dots. ${escape}`;
  }
  if (!content.includes('.')) {
    return `${head}: it needs at least two parts separated by ".", such as \${metadata.name} or \${resources.db.host}. ${escape}`;
  }
  const bad = content.split('.').find((p) => !isPlaceholderPart(p));
  const what =
    bad === ''
      ? 'it has an empty part (two dots together, or a dot at an end)'
      : `the part "${bad}" holds characters other than letters, digits, "_" and "-"`;
  return `${head}: ${what}. ${escape}`;
}

/** `${metadata.a.b}` must name a path that exists in metadata, as substitution walks it. */
function checkMetadata(
  raw: string,
  parts: readonly string[],
  pointer: string,
  workload: Workload,
): Problem | undefined {
  const metadata = workload.metadata?.values;
  if (!metadata) return undefined; // the schema reports a missing or broken metadata
  let here: unknown = metadata;
  for (let i = 1; i < parts.length; i++) {
    const key = parts[i]!;
    // The path walked so far (`metadata.a`), written for a problem only.
    const walked = () => parts.slice(0, i).join('.');
    if (!isRecord(here)) {
      return {
        severity: 'error',
        code: 'UNKNOWN_METADATA_KEY',
        message: `Placeholder ${raw} in ${describeField(pointer, workload)} cannot look up "${key}": ${walked()} is a ${describe(here)}, not a mapping. Shorten the placeholder to \${${walked()}}.`,
      };
    }
    if (!hasKey(here, key)) {
      const known = Object.keys(here);
      return {
        severity: 'error',
        code: 'UNKNOWN_METADATA_KEY',
        message: `Placeholder ${raw} in ${describeField(pointer, workload)} refers to ${walked()}.${key}, which the workload does not define.${didYouMean(key, known)} Add "${key}" under ${walked()} or correct the placeholder.`,
      };
    }
    here = here[key];
  }
  return undefined;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null || value === undefined) return 'empty value';
  return typeof value === 'string' ? 'string' : typeof value;
}

/** The field a placeholder sits in, in the user's words. */
export function describeField(pointer: string, workload: Workload): string {
  const seg = parsePointer(pointer);
  if (seg[0] === 'containers') {
    const container = `container "${seg[1]}"`;
    if (seg[2] === 'variables') return `variable "${seg[3]}" of ${container}`;
    if (seg[2] === 'files') return `the content of file "${targetOf(workload, seg, 'files')}" in ${container}`;
    if (seg[2] === 'volumes') return `the source of volume "${targetOf(workload, seg, 'volumes')}" in ${container}`;
    return `${seg.slice(2).join('.')} of ${container}`;
  }
  if (seg[0] === 'resources') {
    const param = seg.slice(3).reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
    return param ? `param "${param}" of resource "${seg[1]}"` : `the params of resource "${seg[1]}"`;
  }
  return pointer;
}

/** The target path of a file or volume: its key, or its `target` in the deprecated list form. */
function targetOf(workload: Workload, seg: string[], field: 'files' | 'volumes'): string {
  const key = seg[3] ?? '';
  const mounts = workload.containers.get(seg[1] ?? '')?.[field];
  if (mounts?.form === 'list' && /^\d+$/.test(key)) {
    const target = mounts.entries[Number(key)]?.target;
    return typeof target === 'string' ? target : `#${Number(key) + 1}`;
  }
  return key;
}

function at(parsed: ParsedDocument, s: ExpandableString, start: number, end: number, problem: Problem): Diagnostic {
  const offsets = textOffsets(parsed.text, s, start, end);
  return { ...problem, path: s.pointer, range: parsed.lines.range(offsets.start, offsets.end), source: 'rules' };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
