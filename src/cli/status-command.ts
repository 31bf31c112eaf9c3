import { builtinCatalog } from '../core/catalog/catalog';
import { compareDiagnostics, type Diagnostic } from '../core/diagnostics';
import { parseWorkloadText } from '../core/document/parse';
import { loadOrchestratorConfig, type LoadedConfig } from '../core/orchestrator/config';
import { previewWorkload, type WorkloadPreview } from '../core/orchestrator/preview';
import { loadPolicySet } from '../core/policy/admission';
import type { FileProblem } from '../core/policy/manifests';
import { validateParsed } from '../core/validate/index';
import type { StatusRequest } from './orchestrator-args';
import { EXIT } from './exit-codes';
import { formatText } from './format';
import type { CliIo } from './io';
import { readTexts } from './read-texts';

/**
 * `score-designer status FILE...`: the readiness preview of each workload — the conditions, claims
 * and endpoint the score-orchestrator would write — under the platform configuration and admission
 * policies given. Problems in the configuration or policy files go to stderr; the workloads' own
 * problems follow their status (text) or sit in it (JSON).
 */
export async function statusCommand(request: StatusRequest, io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);
  const scores = await readTexts(request.files, io, say);
  const configFile = await readTexts(request.config !== undefined ? [request.config] : [], io, say);
  const policyFiles = await readTexts(request.policies, io, say);
  if (scores.unreadable + configFile.unreadable + policyFiles.unreadable > 0) return EXIT.usage;

  const config: LoadedConfig | undefined = configFile.texts[0]
    ? loadOrchestratorConfig(configFile.texts[0].text, configFile.texts[0].file)
    : undefined;
  const policies = loadPolicySet(policyFiles.texts);
  for (const problem of [...(config?.problems ?? []), ...policies.problems]) say(fileProblemLine(problem));

  const catalog = builtinCatalog();
  const results = scores.texts.map(({ file, text }) => {
    const parsed = parseWorkloadText(text);
    const validation = validateParsed(parsed).diagnostics;
    const preview = previewWorkload(parsed, {
      validation,
      ...(config ? { config } : {}),
      policies,
      catalog,
      ...(request.namespace !== undefined ? { namespace: request.namespace } : {}),
    });
    return { file, preview, diagnostics: [...validation, ...preview.diagnostics].sort(compareDiagnostics) };
  });

  io.stdout.write(
    request.format === 'json' ? JSON.stringify(results.map(toJson), null, 2) + '\n' : results.map(toText).join('\n'),
  );
  const ready = results.filter((r) => isReady(r.preview)).length;
  const notRead = scores.undecodable + configFile.undecodable + policyFiles.undecodable;
  io.stderr.write(
    `${results.length} workload${results.length === 1 ? '' : 's'}: ${ready} would be Ready, ${results.length - ready} would not\n`,
  );
  return ready === results.length && notRead === 0 ? EXIT.ok : EXIT.invalid;
}

function isReady(preview: WorkloadPreview): boolean {
  return preview.status.conditions.some((c) => c.type === 'Ready' && c.status === 'True');
}

interface Result {
  file: string;
  preview: WorkloadPreview;
  diagnostics: Diagnostic[];
}

/** The JSON the command prints per file: {file, workload, status, diagnostics}. */
function toJson({ file, preview, diagnostics }: Result) {
  const resource = preview.resource;
  return {
    file,
    workload: resource
      ? { apiVersion: resource.apiVersion, kind: resource.kind, metadata: resource.metadata, spec: resource.spec }
      : null,
    status: {
      conditions: preview.status.conditions,
      claims: preview.status.claims,
      endpoint: preview.status.endpoint ?? null,
    },
    diagnostics: diagnostics.map((d) => ({
      severity: d.severity,
      source: d.source,
      code: d.code,
      message: d.message,
      path: d.path,
      ...d.range,
    })),
  };
}

function toText({ file, preview, diagnostics }: Result): string {
  const lines: string[] = [];
  const name = preview.resource?.metadata.name;
  const namespace = preview.resource?.metadata.namespace;
  lines.push(
    `${file}: Workload ${typeof name === 'string' ? name : '(no name)'}${typeof namespace === 'string' ? ` in namespace ${namespace}` : ''}`,
  );
  const conditions = preview.status.conditions;
  const ordered = [...conditions.filter((c) => c.type === 'Ready'), ...conditions.filter((c) => c.type !== 'Ready')];
  const typeWidth = Math.max(...ordered.map((c) => c.type.length));
  const reasonWidth = Math.max(...ordered.map((c) => c.reason.length));
  for (const c of ordered) {
    lines.push(
      `  ${c.type.padEnd(typeWidth)}  ${c.status.padEnd(7)}  ${c.reason.padEnd(reasonWidth)}  ${oneLine(c.message)}`,
    );
  }
  if (preview.status.claims.length > 0) {
    lines.push('  claims:');
    for (const claim of preview.status.claims) {
      lines.push(`    ${claim.key}: ${claim.phase}${claim.message ? ` - ${oneLine(claim.message)}` : ''}`);
    }
  }
  lines.push(`  endpoint: ${preview.status.endpoint ?? '(none)'}`);
  const selection = preview.selection;
  if (selection?.profile) lines.push(`  profile: ${selection.profile.name} (${selection.profile.why})`);
  if (selection) {
    for (const backend of selection.backends) {
      const chosen = selection.backend?.backendId === backend.backendId;
      lines.push(
        `    backend ${backend.backendId}: ${chosen ? 'chosen' : backend.kept ? 'kept, ranked lower' : `passed over: ${backend.why.join('; ')}`}`,
      );
    }
    lines.push(
      `  features: ${selection.features.join(', ') || '(none)'}; requests: cpu ${selection.requests.cpu}, memory ${selection.requests.memory}`,
    );
  }
  const { applied, denied, warned, audited } = preview.policy;
  if (applied > 0) lines.push(`  policies: ${applied} applied, ${denied} denied, ${warned} warned, ${audited} audited`);
  const problems = formatText([{ file, diagnostics, valid: true, errors: 0, warnings: 0 }]);
  return lines.join('\n') + '\n' + problems;
}

function fileProblemLine(problem: FileProblem): string {
  return `${problem.file}:${problem.range.line}:${problem.range.column}: ${problem.severity} ${oneLine(problem.message)}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
