import { useState } from 'react';
import type { ProvisionerInfo } from '../../core/provisioners';
import {
  composeBundleDownload,
  scoreFilesDownload,
  type ExportedWorkload,
  type LibraryDownload,
} from '../../state/library/export';
import { isRepositoryError } from '../../api/errors';
import { saveFile } from '../common/save-file';
import type { LibraryMessage } from './library-message';

/**
 * The selected workloads, exported: as score files (one file, or a .zip of several), or as one
 * Docker Compose project made from all of them (a .zip with compose.yaml and the files it mounts).
 */
export function ExportSelection({
  selected,
  disabled,
  fetchText,
  provisioners,
  onClear,
  onMessage,
}: {
  selected: ReadonlySet<string>;
  disabled: boolean;
  fetchText: (name: string) => Promise<string>;
  provisioners: () => readonly ProvisionerInfo[];
  onClear: () => void;
  onMessage: (message: LibraryMessage) => void;
}) {
  const [working, setWorking] = useState(false);
  const count = selected.size;

  const exportAs = async (make: (workloads: ExportedWorkload[]) => LibraryDownload | Promise<LibraryDownload>) => {
    setWorking(true);
    try {
      const names = [...selected].sort();
      const workloads = await Promise.all(names.map(async (name) => ({ name, text: await fetchText(name) })));
      const made = await make(workloads);
      if (!made.ok) {
        onMessage({ kind: 'error', text: `Nothing was exported. ${made.errors.join(' ')}` });
        return;
      }
      saveFile(made.fileName, made.content, made.mimeType);
      const warnings = made.warnings.length ? ` Warnings: ${made.warnings.join(' ')}` : '';
      onMessage({ kind: 'info', text: `Exported ${made.fileName}.${warnings}` });
    } catch (error) {
      onMessage({ kind: 'error', text: isRepositoryError(error) ? error.message : String(error) });
    } finally {
      setWorking(false);
    }
  };

  return (
    <section className="library-export" aria-label="Export the selection">
      <p>
        {count === 0
          ? 'Select workloads to export them.'
          : `${count} ${count === 1 ? 'workload' : 'workloads'} selected.`}
      </p>
      <button
        type="button"
        disabled={count === 0 || disabled || working}
        onClick={() => void exportAs(scoreFilesDownload)}
      >
        Export as score files
      </button>
      <button
        type="button"
        disabled={count === 0 || disabled || working}
        onClick={() =>
          void exportAs((w) => composeBundleDownload(w, { provisioners: provisioners(), seed: randomSeed() }))
        }
      >
        Export as one Compose bundle
      </button>
      <button type="button" disabled={count === 0 || working} onClick={onClear}>
        Clear selection
      </button>
    </section>
  );
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}
