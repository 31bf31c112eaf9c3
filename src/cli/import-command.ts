import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importCompose } from '../core/import/compose';
import { EXIT } from './exit-codes';
import { formatText } from './format';
import type { ImportRequest } from './import-args';
import type { CliIo } from './io';
import { readTexts } from './read-texts';

/**
 * `score-designer import COMPOSE_FILE`: the Compose file becomes Score workloads, written as
 * score.yaml (one workload) or NAME.score.yaml (several) in the output directory. What is not
 * converted goes to stderr at its line of the Compose file, then the command that exports the
 * workloads again with the ports the Compose file published.
 */
export async function importCommand(request: ImportRequest, io: CliIo, cwd = process.cwd()): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);
  const read = await readTexts([request.file], io, say);
  if (read.unreadable) return EXIT.usage;
  const input = read.texts[0];
  if (!input) return EXIT.invalid;

  const shown = request.file === '-' ? 'compose.yaml' : path.basename(request.file);
  const result = importCompose(input.text, { file: shown, grouping: request.grouping, resources: request.resources });
  io.stderr.write(
    formatText([
      {
        file: request.file,
        diagnostics: result.diagnostics,
        valid: result.errors === 0,
        errors: result.errors,
        warnings: result.warnings,
      },
    ]),
  );
  if (result.errors > 0 || result.workloads.length === 0) return EXIT.invalid;

  const several = result.workloads.length > 1;
  const files = result.workloads.map((w) => ({ name: several ? `${w.name}.score.yaml` : 'score.yaml', text: w.text }));
  if (request.output === '-') {
    io.stdout.write(files.map((f) => f.text).join('---\n'));
  } else {
    const directory = path.resolve(cwd, request.output);
    try {
      mkdirSync(directory, { recursive: true });
      for (const file of files) writeFileSync(path.join(directory, file.name), file.text);
    } catch (error) {
      say(`could not write the workloads: ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.usage;
    }
    const where = path.relative(cwd, directory) || '.';
    say(`wrote ${files.map((f) => path.join(where, f.name)).join(', ')}`);
  }
  const names =
    request.output === '-'
      ? files.map((f) => f.name)
      : files.map((f) => path.join(path.relative(cwd, path.resolve(cwd, request.output)) || '.', f.name));
  const project = result.project !== undefined ? ` --project ${result.project}` : '';
  const publish = result.publish.map((p) => ` --publish ${p}`).join('');
  say(`to export them again: score-designer compose ${names.join(' ')}${project}${publish}`);
  return EXIT.ok;
}
