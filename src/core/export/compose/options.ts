/**
 * The options of `score-compose generate` that change the project, defined once: the CLI's flags
 * (`score-designer compose --image … --build … --publish …`) are read into this shape, and the browser's
 * export passes the same shape, so that both export a workload the same way. Files a flag names
 * (`--overrides-file`, `--patch-templates`) are given by their text; the CLI reads them (`File` is
 * then the path it was given, until it has).
 */
export interface ComposeFlags<File = SourceText> {
  /** `--image IMAGE`: the image of every container whose image is `.` (one workload only). */
  image?: string;
  /** `--build CONTAINER=CONTEXT`, `--build 'CONTAINER={json or yaml build config}'` (one workload only). */
  build?: string[];
  /** `--publish HOST_PORT:<workload or RES_UID.OUTPUT>:CONTAINER_PORT`, in order. */
  publish?: string[];
  /** `--overrides-file FILE`: a Score fragment merged into the workload (one workload only). */
  overridesFile?: File;
  /** `--override-property path=value`, applied in order after the overrides file (one workload only). */
  overrideProperties?: string[];
  /** `--patch-templates FILE` (score-compose takes them at `init`): applied to the project in order. */
  patchTemplates?: File[];
}

/** A file a flag names: its name (for messages) and its text. */
export interface SourceText {
  name: string;
  text: string;
}

/** The flags' names, as score-compose spells them (and as its messages name them). */
export const COMPOSE_FLAG_NAMES = {
  image: '--image',
  build: '--build',
  publish: '--publish',
  overridesFile: '--overrides-file',
  overrideProperties: '--override-property',
  patchTemplates: '--patch-templates',
} as const satisfies Record<keyof ComposeFlags, string>;
