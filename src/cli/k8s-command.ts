import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  defaultK8sProvisioners,
  exportKubernetes,
  loadK8sProvisionerFiles,
  type K8sDiagnostic,
  type K8sProvisioner,
} from '../core/export/k8s';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import type { K8sRequest } from './k8s-args';
import { readSource, readTextsIn } from './read-texts';

/**
 * `score-designer k8s FILE...`: the Score files become one set of Kubernetes manifests, as
 * `score-k8s init && score-k8s generate FILE...` would write them (manifests.yaml by default).
 * Problems go to stderr, each at its place (FILE:LINE:COL); stdout carries the manifests only with
 * `-o -`.
 */
export async function k8sCommand(request: K8sRequest, io: CliIo, cwd = process.cwd()): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);

  // Relative names are read from `cwd`, and keep the name given in what is printed.
  const read = (files: readonly string[]) => readTextsIn(files, cwd, io, say);
  const scores = await read(request.files);
  const provisionerFiles = await read(request.provisioners);
  const patchFiles = await read(request.patchTemplates);
  if (scores.unreadable || provisionerFiles.unreadable || patchFiles.unreadable) return EXIT.usage;
  if (scores.undecodable || provisionerFiles.undecodable || patchFiles.undecodable) return EXIT.invalid;

  let provisioners: K8sProvisioner[] | undefined;
  if (request.provisioners.length > 0) {
    const loaded = loadK8sProvisionerFiles(provisionerFiles.texts.map(({ file, text }) => ({ name: file, text })));
    if ('error' in loaded) {
      say(loaded.error);
      return EXIT.invalid;
    }
    provisioners = [...loaded.provisioners, ...defaultK8sProvisioners()];
  }

  // Instance suffixes, names and passwords should differ between users: a random seed, printed.
  const seed = request.seed ?? randomInt(0, 2 ** 32);
  const result = exportKubernetes(
    scores.texts.map(({ file, text }) => ({ file, text })),
    {
      seed,
      ...(request.namespace !== undefined ? { namespace: request.namespace } : {}),
      generateNamespace: request.generateNamespace,
      ...(request.image !== undefined ? { image: request.image } : {}),
      ...(provisioners ? { provisioners } : {}),
      patchTemplates: patchFiles.texts.map((t) => t.text),
      format: request.format,
      startOrder: request.startOrder,
      readFile: (file) => readSource(path.resolve(cwd, file)),
    },
  );

  for (const d of result.diagnostics) say(describe(d));
  if (result.files.length === 0) return EXIT.invalid;
  if (request.seed === undefined) {
    say(
      `instance suffixes, names and passwords come from seed ${seed}; pass --seed ${seed} to get the same manifests again`,
    );
  }

  const content = result.files[0]!.content;
  if (request.output === '-') {
    io.stdout.write(content);
    return EXIT.ok;
  }
  const resolved = path.resolve(cwd, request.output);
  const file = /\.ya?ml$/i.test(request.output) ? resolved : path.join(resolved, 'manifests.yaml');
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  } catch (error) {
    say(`could not write the manifests: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
  say(`wrote ${path.relative(cwd, file) || file} (${result.manifests.length} manifest(s))`);
  return EXIT.ok;
}

/** FILE:LINE:COL: SEVERITY message, as `validate` prints problems; the place left out when there is none. */
function describe(d: K8sDiagnostic): string {
  const where = d.file === '' ? '' : d.range ? `${d.file}:${d.range.line}:${d.range.column}: ` : `${d.file}: `;
  return `${where}${d.severity}: ${d.message}`;
}
