import type { ExportKind } from '../../state/export/actions';

/** An entry of the Export menu: what to export, and whether to download or copy it. */
export interface MenuItem {
  label: string;
  kind: ExportKind;
  action: 'download' | 'copy';
}

/** What the last export did, shown under the button until closed: never a silent success or failure. */
export interface ExportReport {
  ok: boolean;
  message: string;
  errors: string[];
  warnings: string[];
  info: string[];
  /** Another export to offer with the report (the bundle, when compose.yaml alone is not enough). */
  offer?: ExportKind;
}
