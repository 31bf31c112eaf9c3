/**
 * The README.md of an export bundle: what each file is and how to run it (`docker compose up`,
 * `kubectl apply -f manifests.yaml`), and the commands that make the same files again. Plain text
 * from the workload's facts; a name from the workload is written as code, never as markup.
 */
export interface BundleFacts {
  /** metadata.name, or '' without one. */
  workload: string;
  /** compose.yaml is in the bundle; else why not. */
  compose: { included: true; mounts: boolean; commandLine: string } | { included: false; reason: string };
  /** manifests.yaml is in the bundle; else why not. */
  kubernetes: { included: true; commandLine: string; namespace?: string } | { included: false; reason: string };
  /** The provisioner files in the bundle, by path. */
  provisionerFiles: readonly string[];
}

export function bundleReadme(facts: BundleFacts): string {
  const title = facts.workload === '' ? 'Score workload' : `Score workload \`${code(facts.workload)}\``;
  const lines = [
    `# ${title}`,
    '',
    'Exported by Score Designer. `score.yaml` is the workload exactly as written.',
    '',
    '## Run it with Docker Compose',
    '',
  ];
  if (facts.compose.included) {
    lines.push('```sh', 'docker compose up', '```', '');
    if (facts.compose.mounts) {
      lines.push('`compose.yaml` mounts the files under `.score-compose/mounts/`: keep them beside it.', '');
    }
    lines.push('The same file again, from `score.yaml`:', '', '```sh', facts.compose.commandLine, '```', '');
  } else {
    lines.push(`\`compose.yaml\` is not included: ${oneLine(facts.compose.reason)}`, '');
  }
  lines.push('## Run it on Kubernetes', '');
  if (facts.kubernetes.included) {
    const namespace = facts.kubernetes.namespace;
    if (namespace !== undefined)
      lines.push(`The manifests go to the namespace \`${code(namespace)}\`, which must exist.`, '');
    lines.push('```sh', 'kubectl apply -f manifests.yaml', '```', '');
    lines.push('The same manifests again, from `score.yaml`:', '', '```sh', facts.kubernetes.commandLine, '```', '');
  } else {
    lines.push(`\`manifests.yaml\` is not included: ${oneLine(facts.kubernetes.reason)}`, '');
  }
  if (facts.provisionerFiles.length > 0) {
    lines.push('## Provisioners', '', 'The provisioner files this export used:', '');
    for (const file of facts.provisionerFiles) lines.push(`- \`${code(file)}\``);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Text inside backticks: a backtick in a name would end the code span. */
function code(text: string): string {
  return oneLine(text).replace(/`/g, "'");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
