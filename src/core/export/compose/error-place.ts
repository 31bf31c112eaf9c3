import { uidParts } from '../../provisioners/uid';

/**
 * Where an error of the Compose export stands: the workload (or the file, before a workload could be
 * read), and the field: a place in the workload (`containers.web.image`, `resources.db`), or the flag
 * that was wrong (`--publish[0]`). The messages stay score-compose's, word for word; this reads the
 * place they name, as readiness.ts does to place a problem in the text, so that the command line can
 * say which workload and field an error is about even where score-compose's words do not.
 */
export interface ErrorPlace {
  /** The workloads it is about (with their files when read): one, or every one for a project-wide flag. */
  workloads: Array<{ name: string; file?: string }>;
  /** The file, for an error found before its workload was read (it does not decode, has no name). */
  file?: string;
  field: string;
}

/** What the export read of a workload: enough to name its file and find a shared resource. */
export interface KnownWorkload {
  name: string;
  file: string;
  /** Its resources' ids, by resource name (a shared resource's uid names its id, not the workload). */
  resourceIds?: Record<string, string | undefined>;
}

export function placeComposeError(message: string, known: readonly KnownWorkload[]): ErrorPlace {
  const place = findPlace(message, known);
  const fileOf = new Map(known.map((w) => [w.name, w.file]));
  return {
    ...place,
    workloads: place.workloads.map((name) => {
      const file = fileOf.get(name);
      return file === undefined ? { name } : { name, file };
    }),
  };
}

type FoundPlace = Omit<ErrorPlace, 'workloads'> & { workloads: string[] };

function findPlace(message: string, known: readonly KnownWorkload[]): FoundPlace {
  const all = known.map((w) => w.name);
  const file = (name: string) => ({ workloads: [] as string[], file: name });

  const undecoded = /^failed to decode '([^']*)' as yaml: [\s\S]*?line (\d+)/.exec(message);
  if (undecoded) return { ...file(undecoded[1]!), field: `line ${undecoded[2]!}` };
  const noName = /workload in file '([^']*)' (is missing required metadata|has empty metadata\.name)/.exec(message);
  if (noName) return { ...file(noName[1]!), field: noName[2]!.startsWith('is') ? 'metadata' : 'metadata.name' };
  const twice = /^workload name '([^']*)' in file '([^']*)' is used more than once/.exec(message);
  if (twice) return { workloads: [twice[1]!], file: twice[2]!, field: 'metadata.name' };

  const flag = /^(?:invalid |failed to patch template (\d+))?(--[a-z-]+(?:\[\d+\])?)?/.exec(message)!;
  if (flag[1] !== undefined) return { workloads: all, field: `--patch-templates[${Number(flag[1]) - 1}]` };
  if (flag[2] !== undefined) {
    const named = /failed to find a workload named '([^']*)'/.exec(message)?.[1];
    const resource = resourcePlace(message, known);
    if (named !== undefined) return { workloads: [named], field: flag[2] };
    if (resource) return { workloads: resource.workloads, field: flag[2] };
    return { workloads: all, field: flag[2] };
  }

  const noImage = /^failed to convert '([^']*)' because container '([^']*)' has no image/.exec(message);
  if (noImage) return { workloads: [noImage[1]!], field: `containers.${noImage[2]!}.image` };
  const resource = resourcePlace(message, known);
  if (resource) return resource;
  const workload = /workload '([^']*)'/.exec(message)?.[1];
  return { workloads: workload === undefined ? all : [workload], field: fieldIn(message) ?? 'the workload' };
}

/** The workload and field of a resource's uid (`type.class#workload.name`, or `type.class#id` when shared). */
function resourcePlace(message: string, known: readonly KnownWorkload[]): FoundPlace | undefined {
  const named = /workload '([^']*)' resource '([^']*)'/.exec(message);
  if (named) return { workloads: [named[1]!], field: `resources.${named[2]!}` };
  const uid = /resource '([^'#]+#[^']+)'/.exec(message)?.[1];
  if (uid === undefined) return undefined;
  const parts = uidParts(uid);
  // A shared resource (its id given): every workload that declares it. Its uid reads like a workload's
  // resource (`type.class#workload.name`) when the id holds a dot, so a declared id is looked for first.
  const sharing = known.flatMap((w) =>
    Object.entries(w.resourceIds ?? {})
      .filter(([, id]) => id === parts.id)
      .map(([name]) => ({ workload: w.name, name })),
  );
  const dot = parts.id.indexOf('.');
  if (sharing.length === 0 && dot >= 0) {
    return { workloads: [parts.id.slice(0, dot)], field: `resources.${parts.id.slice(dot + 1)}` };
  }
  return {
    workloads: [...new Set(sharing.map((s) => s.workload))],
    field: sharing.length > 0 ? `resources.${sharing[0]!.name}` : `resource ${uid}`,
  };
}

/** The field a message names: a path (`containers.web.variables.URL`), a JSON Pointer, or what score-go's checks name. */
function fieldIn(message: string): string | undefined {
  const path = pointerPath(message);
  if (path !== undefined) return path;
  // A schema error's JSON Pointer: `…: /containers/web/image: …`, or the first of a list (`\n  - /…: …`).
  const pointer = /(?:: |\n {2}- )(\/[^\s:]*|\(root\)):/.exec(message)?.[1];
  if (pointer !== undefined) return pointer;
  const placeholder = /placeholder (\$\{[^}]*\})/.exec(message)?.[1];
  if (placeholder !== undefined) return placeholder;
  const container = /container "([^"]*)" (?:has a self-referencing before|before refers)/.exec(message)?.[1];
  if (container !== undefined) return `containers.${container}.before`;
  if (message.includes('containers before relationships contain a cycle')) return 'containers.*.before';
  if (message.includes('metadata.name')) return 'metadata.name';
  return undefined;
}

/**
 * The first place in the workload a score-compose message names, as it writes it
 * (`containers.web.variables.URL`, `containers.web.volumes[/data]`, `resources.db`).
 */
export function pointerPath(raw: string): string | undefined {
  return /(?:^|[\s'])((?:containers|service|resources)(?:\.[^.\s:[\]]+|\[[^\]]*\])+)/.exec(raw)?.[1];
}
