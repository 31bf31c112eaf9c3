import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { provisionersFromFiles } from '../core/catalog';
import { bundleEntries } from '../core/export/bundle';
import {
  envFileText,
  exportCompose,
  type ComposeFlags,
  type ErrorPlace,
  type WorkloadSource,
} from '../core/export/compose';
import { cleanComposeProjectName, PROJECT_NAME_PATTERN } from '../core/export/compose/project-name';
import { randomInt } from 'node:crypto';
import type { ComposeRequest } from './args';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';
import { readSource, readTextsIn } from './read-texts';

/**
 * `score-designer compose FILE...`: the Score files become one Compose project, as
 * `score-compose init && score-compose generate FILE...` would make it in the output directory:
 * compose.yaml there, mounted files under its `.score-compose/mounts`. Errors, warnings (what is
 * not converted) and notes go to stderr; stdout carries compose.yaml only with `-o -`.
 */
export async function composeCommand(request: ComposeRequest, io: CliIo, cwd = process.cwd()): Promise<number> {
  const say = (line: string) => io.stderr.write(`score-designer: ${line}\n`);

  // Relative names are read from `cwd`, and keep the name given in what is printed.
  const read = (files: readonly string[]) => readTextsIn(files, cwd, io, say);
  const scores = await read(request.files);
  const provisionerFiles = await read(request.provisioners);
  const overridesFile = await read(request.overridesFile === undefined ? [] : [request.overridesFile]);
  const patchFiles = await read(request.patchTemplates ?? []);
  const all = [scores, provisionerFiles, overridesFile, patchFiles];
  if (all.some((r) => r.unreadable)) return EXIT.usage;
  if (all.some((r) => r.undecodable)) return EXIT.invalid;

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
    ...flagsRead(request, overridesFile.texts[0], patchFiles.texts),
    env: processEnv(),
    // Sources are named relative to each Score file's directory; relative paths resolve from here.
    readFile: (file) => readSource(path.resolve(cwd, file)),
  });

  for (const warning of result.warnings) say(`warning: ${warning}`);
  if (result.errors.length > 0) {
    for (const error of result.errors) say(`${result.errorPlace ? placeText(result.errorPlace, request) : ''}${error}`);
    return EXIT.invalid;
  }
  for (const note of result.info) say(`note: ${note}`);
  if (request.seed === undefined && result.resources.length > 0) {
    say(`generated names and passwords come from seed ${seed}; pass --seed ${seed} to get the same project again`);
  }

  // As score-compose: the env file is written after the compose file, replacing what it held.
  const writeEnv = () =>
    request.envFile === undefined || writeEnvFile(path.resolve(cwd, request.envFile), envFileText(result), say);

  if (target.stdout) {
    io.stdout.write(result.compose);
    if (!writeEnv()) return EXIT.usage;
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
  if (!writeEnv()) return EXIT.usage;
  const files = listed.entries.filter((e) => !e.directory).length - 1;
  const shown = path.relative(cwd, path.join(target.directory, target.composeFileName)) || target.composeFileName;
  say(
    `wrote ${shown}${files > 0 ? ` and ${files} mounted file(s)` : ''}${projectName ? ` (project ${projectName})` : ''}`,
  );
  return EXIT.ok;
}

/** The export's options from the command line: the flags as given, with the files they name read. */
function flagsRead(
  request: ComposeRequest,
  overrides: { file: string; text: string } | undefined,
  templates: ReadonlyArray<{ file: string; text: string }>,
): ComposeFlags {
  const { image, build, publish, overrideProperties } = request;
  return {
    ...(image !== undefined ? { image } : {}),
    ...(build ? { build } : {}),
    ...(publish ? { publish } : {}),
    ...(overrideProperties ? { overrideProperties } : {}),
    ...(overrides ? { overridesFile: { name: overrides.file, text: overrides.text } } : {}),
    ...(templates.length > 0 ? { patchTemplates: templates.map((t) => ({ name: t.file, text: t.text })) } : {}),
  };
}

/**
 * `workload 'NAME' (FILE), FIELD: ` before an error: which workload and which field it is about, also
 * where score-compose's message does not say (a flag's index names its file here).
 */
export function placeText(place: ErrorPlace, request: Pick<ComposeRequest, 'patchTemplates'>): string {
  const workloads = place.workloads.map((w) => `workload '${w.name}'${w.file ? ` (${w.file})` : ''}`);
  const where = workloads.length > 0 ? workloads.join(', ') : `file '${place.file ?? '?'}'`;
  const template = /^--patch-templates\[(\d+)\]$/.exec(place.field)?.[1];
  const file = template === undefined ? undefined : request.patchTemplates?.[Number(template)];
  return `${where}, ${place.field}${file === undefined ? '' : ` (${file})`}: `;
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

function writeEnvFile(file: string, text: string, say: (line: string) => void): boolean {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return true;
  } catch (error) {
    say(`could not write the env file: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
