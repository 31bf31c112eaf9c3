import type { ParsedDocument } from '../document/parse';
import type { LocatedPlaceholder } from './placeholders';
import type { Data } from './values';

/**
 * The typed view of a Score workload that every reader above this floor reads — the rules, the graph,
 * the catalog layer, the exporters, the inspector — instead of checking the shape of the plain data
 * each on its own.
 *
 * It is tolerant: it reads whatever the text holds and never throws, so that it can be built for an
 * invalid workload too (the schema layer says what is wrong; the others still see what is there).
 * - A field keeps the scalar written there (`Scalar`), whatever its type: `port: "80"` reads as the
 *   text "80", `image: 3` as the number 3. A mapping or list where a scalar belongs reads as absent.
 * - A mapping of named entries (containers, resources, variables, …) keeps every key, in the order
 *   of the plain value; an entry that is not a mapping reads as one with nothing in it.
 * - A part that is not a mapping where one belongs (metadata, a probe, resources of a container) is
 *   absent (`undefined`).
 * Free data (metadata beyond name and annotations, resource params) is kept as written (`Data`).
 * Read only: it is shared by every reader of one check.
 */

/** A scalar as YAML reads it. */
export type Scalar = string | number | boolean;

export interface Workload {
  /** The top-level mapping as plain data; an empty one when the text holds no mapping. */
  readonly value: Data;
  readonly apiVersion: Scalar | undefined;
  /** Absent when `metadata` is missing or not a mapping. */
  readonly metadata: WorkloadMetadata | undefined;
  readonly containers: ReadonlyMap<string, Container>;
  readonly resources: ReadonlyMap<string, Resource>;
  /** `service.ports`, by port name. */
  readonly servicePorts: ReadonlyMap<string, ServicePort>;
}

/** The workload read from its text: with the placeholders it holds and where they stand. */
export interface WorkloadInText extends Workload {
  readonly parsed: ParsedDocument;
  /**
   * Every placeholder in the strings Score expands (and in command and args), in document order, each
   * with the pointer of its string and its offsets in the text (`parsed.lines.range` makes them lines).
   */
  readonly placeholders: readonly LocatedPlaceholder[];
}

export interface WorkloadMetadata {
  readonly name: Scalar | undefined;
  readonly annotations: ReadonlyMap<string, Scalar | undefined>;
  /** Every key of `metadata` as written, name and annotations included: what `${metadata.…}` reads. */
  readonly values: Data;
}

export interface Container {
  readonly name: string;
  readonly image: Scalar | undefined;
  /** Absent when not a list; an item that is not a scalar reads as undefined. */
  readonly command: ReadonlyArray<Scalar | undefined> | undefined;
  readonly args: ReadonlyArray<Scalar | undefined> | undefined;
  readonly variables: ReadonlyMap<string, Scalar | undefined>;
  readonly files: Mounts<MountedFile>;
  readonly volumes: Mounts<MountedVolume>;
  readonly resources: ContainerResources | undefined;
  readonly livenessProbe: Probe | undefined;
  readonly readinessProbe: Probe | undefined;
  /** Start order: the containers this one starts before, by name. */
  readonly before: ReadonlyMap<string, StartOrderEntry>;
}

/** Files or volumes: by path (the map form), or the deprecated list form whose items name it with `target`. */
export interface Mounts<T> {
  /** How they are written; 'none' when absent or neither a mapping nor a list. */
  readonly form: 'map' | 'list' | 'none';
  /** In the order written; an item that is not a mapping reads as an empty one. */
  readonly entries: readonly T[];
}

interface Mount {
  /** The entry's pointer segment: the path (map form) or the item's index (list form). */
  readonly key: string;
  /** The path in the container: the key (map form), or `target` as written (list form). */
  readonly target: Scalar | undefined;
}

export interface MountedFile extends Mount {
  readonly mode: Scalar | undefined;
  readonly source: Scalar | undefined;
  readonly content: Scalar | undefined;
  readonly binaryContent: Scalar | undefined;
  /** Absent unless a boolean. */
  readonly noExpand: boolean | undefined;
}

export interface MountedVolume extends Mount {
  readonly source: Scalar | undefined;
  readonly path: Scalar | undefined;
  /** Absent unless a boolean. */
  readonly readOnly: boolean | undefined;
}

export interface ContainerResources {
  readonly requests: ComputeAmounts | undefined;
  readonly limits: ComputeAmounts | undefined;
}

export interface ComputeAmounts {
  readonly cpu: Scalar | undefined;
  readonly memory: Scalar | undefined;
}

export interface Probe {
  readonly httpGet: HttpCheck | undefined;
  readonly exec: CommandCheck | undefined;
}

export interface HttpCheck {
  readonly host: Scalar | undefined;
  readonly scheme: Scalar | undefined;
  readonly path: Scalar | undefined;
  readonly port: Scalar | undefined;
  /** Absent when not a list; a header that is not a mapping reads as an empty one. */
  readonly httpHeaders:
    ReadonlyArray<{ readonly name: Scalar | undefined; readonly value: Scalar | undefined }> | undefined;
}

export interface CommandCheck {
  readonly command: ReadonlyArray<Scalar | undefined> | undefined;
}

export interface StartOrderEntry {
  /** What the other container waits for: `started`, `healthy` or `complete` when valid. */
  readonly ready: Scalar | undefined;
}

export interface Resource {
  readonly name: string;
  readonly type: Scalar | undefined;
  readonly class: Scalar | undefined;
  readonly id: Scalar | undefined;
  /** As written, when a mapping. */
  readonly metadata: Data | undefined;
  /** As written, when a mapping: any data a provisioner reads. */
  readonly params: Data | undefined;
}

export interface ServicePort {
  readonly name: string;
  readonly port: Scalar | undefined;
  readonly targetPort: Scalar | undefined;
  readonly protocol: Scalar | undefined;
}
