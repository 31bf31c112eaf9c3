import { loadOrchestratorConfig } from '../../core/orchestrator/config';
import { firstFileError } from '../../core/orchestrator/status-view';
import { loadPolicySet } from '../../core/policy/admission';
import { readManifests, type FileProblem } from '../../core/policy/manifests';
import { isRecord } from '../../core/workload/values';
import type { PlatformEntry } from './entries';

/**
 * Reading a platform file as it is loaded: the score-orchestrator's configuration (an
 * OrchestratorConfig, or the ConfigMap holding it under `config.yaml`) or admission policies
 * (ValidatingAdmissionPolicy, their bindings and params). A file the orchestrator or the API server
 * would refuse is refused here, with its first error and its line; its warnings are kept with it.
 * This module brings CEL with it (policies compile as they load): it is downloaded with the first file.
 */
export type ReadResult = { entry: PlatformEntry } | { error: string };

const POLICY_KINDS = ['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding'];

export function readPlatformFile({ name, text, url }: { name: string; text: string; url?: string }): ReadResult {
  const refused = (problem: FileProblem) => ({
    error: `“${name}” was not loaded: line ${problem.range.line}: ${problem.message}`,
  });
  const manifests = readManifests(text, name);
  const unreadable = firstFileError(manifests.problems);
  if (unreadable) return refused(unreadable);
  const kinds = manifests.documents.map((d) => (isRecord(d.value) ? d.value.kind : undefined));
  const holdsConfig = manifests.documents.some(
    (d, i) =>
      kinds[i] === 'OrchestratorConfig' ||
      (kinds[i] === 'ConfigMap' && isRecord(d.value) && isRecord(d.value.data) && 'config.yaml' in d.value.data),
  );
  const base = { name, text, ...(url !== undefined ? { url } : {}) };
  if (holdsConfig) {
    const loaded = loadOrchestratorConfig(text, name);
    const error = firstFileError(loaded.problems);
    if (error || !loaded.config) return error ? refused(error) : { error: `“${name}” was not loaded.` };
    const { profiles, provisioners } = loaded.config;
    return {
      entry: {
        ...base,
        kind: 'config',
        summary: `OrchestratorConfig ${loaded.config.name}: ${count(profiles.length, 'profile')}, ${count(provisioners.length, 'provisioner')}`,
        warnings: warningsOf(loaded.problems),
      },
    };
  }
  if (kinds.some((k) => typeof k === 'string' && POLICY_KINDS.includes(k))) {
    const set = loadPolicySet([{ file: name, text }]);
    const error = firstFileError(set.problems);
    if (error) return refused(error);
    return {
      entry: {
        ...base,
        kind: 'policies',
        summary: `${count(set.policies.length, 'policy', 'policies')}, ${count(set.bindings.length, 'binding')}${set.params.length > 0 ? `, ${count(set.params.length, 'params object')}` : ''}`,
        warnings: warningsOf(set.problems),
      },
    };
  }
  return {
    error: `“${name}” was not loaded: it holds neither the orchestrator's configuration (an OrchestratorConfig, or the ConfigMap with config.yaml) nor admission policies (ValidatingAdmissionPolicy and their bindings).`,
  };
}

function warningsOf(problems: readonly FileProblem[]): string[] {
  return problems.filter((p) => p.severity !== 'error').map((p) => `line ${p.range.line}: ${p.message}`);
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
