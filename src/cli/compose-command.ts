import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { provisionersFromFiles } from '../core/catalog';
import { bundleEntries } from '../core/export/bundle';
import { exportCompose, type WorkloadSource } from '../core/export/compose';
import { cleanComposeProjectName, PROJECT_NAME_PATTERN } from '../core/export/compose/project-name';
import { randomInt } from 'node:crypto';
import type { ComposeRequest } from './args';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { readSource, readTexts } from './read-texts';

/**
 * `score-designer compose FILE...`: the Score files become one Compose project, as
 * `score-compose init && score-compose generate FILE...` would make it in the output directory:
 * compose.yaml there, mounted files under its `.score-compose/mounts`. Errors, warnings (what is
 * not converted) and notes go to stderr; stdout carries compose.yaml only with `-o -`.
 */
export async function composeCommand(request: ComposeRequest, io: CliIo, cwd = process.cwd()): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);

  const scores = await readTexts(request.files, io, say);
  const provisionerFiles = await readTexts(request.provisioners, io, say);
  if (scores.unreadable || provisionerFiles.unreadable) return EXIT.usage;
  if (scores.undecodable || provisionerFiles.undecodable) return EXIT.invalid;

  let provisioners;
  if (request.provisioners.length > 0) {
    const loaded = provisionersFromFiles(provisionerFiles.texts.map(({ file, text }) => ({ name: file, text })));
    if ('error' in loaded) {
      say(loaded.error);
      return EXIT.invalid;
    }
    provisioners = loaded.provisioners;
  }

  const target = outputTarget(request.output, cwd);
  const projectName = request.project ?? defaultProjectName(target.directory, say);
  // Names and passwords should differ between users: a random seed, printed so the run can be repeated.
  const seed = request.seed ?? randomInt(0, 2 ** 32);
  const workloads: WorkloadSource[] = scores.texts.map(({ file, text }) => ({ file, text }));
  const result = exportCompose(workloads, {
    projectName,
    seed,
    ...(provisioners ? { provisioners } : {}),
    ...(request.publish ? { publish: request.publish } : {}),
    env: processEnv(),
    // Sources are named relative to each Score file's directory; relative paths resolve from here.
    readFile: (file) => readSource(path.resolve(cwd, file)),
  });

  for (const warning of result.warnings) say(`warning: ${warning}`);
  if (result.errors.length > 0) {
    for (const error of result.errors) say(error);
    return EXIT.invalid;
  }
  for (const note of result.info) say(`note: ${note}`);
  if (request.seed === undefined && result.resources.length > 0) {
    say(`generated names and passwords come from seed ${seed}; pass --seed ${seed} to get the same project again`);
  }

  if (target.stdout) {
    io.stdout.write(result.compose);
    const mounted = result.files.length + result.directories.length;
    if (mounted > 0) {
      say(
        `${mounted} mounted file(s) and folder(s) were not written: with -o - only compose.yaml is printed; use -o DIR`,
      );
    }
    return EXIT.ok;
  }

  const listed = bundleEntries({ ...result, composeFileName: target.composeFileName });
  if ('error' in listed) {
    say(listed.error);
    return EXIT.invalid;
  }
  try {
    for (const entry of listed.entries) {
      const where = path.join(target.directory, ...entry.path.split('/'));
      if (entry.directory) mkdirSync(where, { recursive: true });
      else {
        mkdirSync(path.dirname(where), { recursive: true });
        writeFileSync(where, entry.content);
        chmodSync(where, entry.mode); // also when the file existed: writeFileSync's mode only applies to new files
      }
    }
  } catch (error) {
    say(`could not write the project: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
  const files = listed.entries.filter((e) => !e.directory).length - 1;
  const shown = path.relative(cwd, path.join(target.directory, target.composeFileName)) || target.composeFileName;
  say(
    `wrote ${shown}${files > 0 ? ` and ${files} mounted file(s)` : ''}${projectName ? ` (project ${projectName})` : ''}`,
  );
  return EXIT.ok;
}

interface OutputTarget {
  stdout: boolean;
  /** Absolute: where compose.yaml and .score-compose go (the current directory for -o -). */
  directory: string;
  composeFileName: string;
}

/** `-o -`, `-o name.yaml` (a file; its folder holds the mounts) or `-o DIR` (compose.yaml inside). */
function outputTarget(output: string, cwd: string): OutputTarget {
  if (output === '-') return { stdout: true, directory: cwd, composeFileName: 'compose.yaml' };
  const resolved = path.resolve(cwd, output);
  if (/\.ya?ml$/i.test(output)) {
    return { stdout: false, directory: path.dirname(resolved), composeFileName: path.basename(resolved) };
  }
  return { stdout: false, directory: resolved, composeFileName: 'compose.yaml' };
}

/** As score-compose init: the directory's base name, cleaned; left out (with a word) when nothing valid is left. */
function defaultProjectName(directory: string, say: (line: string) => void): string | undefined {
  const name = cleanComposeProjectName(path.basename(directory));
  if (PROJECT_NAME_PATTERN.test(name)) return name;
  say(`warning: the directory name "${path.basename(directory)}" gives no compose project name; pass --project NAME`);
  return undefined;
}

/** The environment `environment` resources read, as score-compose reads its own process's. */
function processEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return env;
}
