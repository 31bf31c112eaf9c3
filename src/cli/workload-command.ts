import { stringify } from 'yaml';
import { compareDiagnostics, type Diagnostic } from '../core/diagnostics';
import { parseWorkloadText } from '../core/document/parse';
import { exportWorkloadResource } from '../core/orchestrator/workload-resource';
import { validateParsed } from '../core/validate/index';
import type { WorkloadRequest } from './orchestrator-args';
import { EXIT } from './exit-codes';
import { formatText } from './format';
import type { CliIo } from './io';
import { readTexts } from './read-texts';

/**
 * `score-designer workload FILE...`: each Score workload as the score-orchestrator's Workload
 * resource, printed as YAML documents (ready for `kubectl apply -f -`). The workload's own problems,
 * what the resource cannot hold and what the API server would refuse go to stderr as
 * FILE:LINE:COL lines; a workload with an error is not printed.
 */
export async function workloadCommand(request: WorkloadRequest, io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);
  const read = await readTexts(request.files, io, say);
  const documents: string[] = [];
  let failed = read.undecodable;
  for (const { file, text } of read.texts) {
    const parsed = parseWorkloadText(text);
    const exported = exportWorkloadResource(
      parsed,
      request.namespace !== undefined ? { namespace: request.namespace } : {},
    );
    const diagnostics: Diagnostic[] = [...validateParsed(parsed).diagnostics, ...exported.diagnostics].sort(
      compareDiagnostics,
    );
    io.stderr.write(formatText([{ file, diagnostics, valid: true, errors: 0, warnings: 0 }]));
    if (!exported.resource || diagnostics.some((d) => d.severity === 'error')) {
      failed++;
      continue;
    }
    documents.push(stringify(exported.resource, { lineWidth: 0 }));
  }
  io.stdout.write(documents.join('---\n'));
  if (read.unreadable > 0) return EXIT.usage;
  return failed > 0 ? EXIT.invalid : EXIT.ok;
}
