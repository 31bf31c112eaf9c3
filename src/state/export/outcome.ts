/** What an entry of the Export menu makes (actions.ts): score.yaml, compose.yaml, manifests.yaml or the bundle. */
export type ExportKind = 'score' | 'compose' | 'k8s' | 'bundle';

export type ExportOutcome = ExportMade | ExportFailed;

export interface ExportMade {
  ok: true;
  kind: ExportKind;
  fileName: string;
  mimeType: string;
  /** The file's content: text for score.yaml and compose.yaml, zip bytes for the bundle. */
  content: string | Uint8Array;
  /** The workload (metadata.name, '' without one): the key of its seed and last export. */
  workload: string;
  /** compose.yaml as exported (also for the bundle); undefined for score.yaml. */
  compose?: string;
  /** manifests.yaml as exported (also for the bundle). */
  manifests?: string;
  warnings: string[];
  info: string[];
  /** Something to say about a successful export (score.yaml with problems). */
  notice?: string;
  /** compose.yaml alone refers to files it does not hold: the bundle is offered instead. */
  offerBundle?: true;
}

export interface ExportFailed {
  ok: false;
  kind: ExportKind;
  errors: string[];
  warnings: string[];
}
