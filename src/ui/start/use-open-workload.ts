import type { TemplateEntry } from '../../core/templates/list';
import { useCallback } from 'react';
import { hasChanges } from '../../state/document/store';
import { useDocumentStore } from '../../state/document/context';
import { readWorkloadFile, readWorkloadText, type FileReading } from '../../state/document/open-file';
import { useConfirm } from '../dialog/confirm';

/**
 * Opening another workload, from a file, a drop, a paste or a template. Whatever is refused leaves
 * the workload as it was and says why; replacing changed text asks first, in a dialog.
 */
export function useOpenWorkload() {
  const store = useDocumentStore();
  const confirm = useConfirm();

  /**
   * A Docker Compose file opened as a workload (refused as one, see read-text.ts): asked, its services
   * are imported as a Score workload (core/import/compose, downloaded then) and that is what opens.
   * Declined, the refusal stands.
   */
  const importIfCompose = useCallback(
    async (reading: FileReading & { ok: false }, origin: string, file: string | undefined): Promise<FileReading> => {
      if (reading.compose === undefined) return reading;
      const agreed = await confirm({
        title: 'Import a Docker Compose file?',
        message:
          `${capitalize(origin)} is a Docker Compose file, not a Score workload. Import its services as a Score ` +
          'workload: containers with their images, commands, environment and ports, well-known images as ' +
          'resources, depends_on as start order. The file itself is not changed.',
        confirmLabel: 'Import as Score',
        cancelLabel: 'Cancel',
      });
      if (!agreed) return reading;
      try {
        const { importCompose } = await import('../../core/import/compose');
        const result = importCompose(reading.compose, { file: file ?? 'compose.yaml' });
        const [first, ...others] = result.workloads;
        if (!first) {
          const reason = result.diagnostics.find((d) => d.severity === 'error')?.message ?? 'it has no services.';
          return { ok: false as const, message: `It could not be imported: ${reason}` };
        }
        const left = result.diagnostics.filter((d) => d.severity !== 'info');
        const note = [
          `imported from Docker Compose (${plural(result.services.length, 'service')}) as the workload “${first.name}”.`,
          others.length > 0
            ? `Services that do not wait for each other became ${plural(others.length, 'other workload')} ` +
              `(${others.map((w) => `“${w.name}”`).join(', ')}): \`npx score-designer import\` writes them all.`
            : '',
          left.length > 0
            ? `${plural(left.length, 'thing')} could not be carried over, such as: ${left[0]!.message}`
            : '',
        ]
          .filter(Boolean)
          .join(' ');
        return { ok: true as const, text: first.text, note };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return {
          ok: false as const,
          message: `The importer could not be loaded (${reason}); reload the page to try again.`,
        };
      }
    },
    [confirm],
  );

  const openReading = useCallback(
    async (given: FileReading, origin: string, file?: string): Promise<boolean> => {
      const reading = given.ok ? given : await importIfCompose(given, origin, file);
      if (!reading.ok) {
        store
          .getState()
          .say('error', `${capitalize(origin)} was not opened. ${reading.message} Your workload is unchanged.`);
        return false;
      }
      if (hasChanges(store.getState())) {
        const ok = await confirm({
          title: 'Replace your changes?',
          message: `Opening ${origin} replaces the current workload, and your changes to it will be lost.`,
          confirmLabel: 'Discard changes and open',
          cancelLabel: 'Keep my changes',
        });
        if (!ok) return false;
      }
      store.getState().open(reading.text, origin);
      if (reading.note) store.getState().say('info', `${capitalize(origin)}: ${reading.note}`);
      return true;
    },
    [store, confirm, importIfCompose],
  );

  const openFile = useCallback(
    async (file: File) =>
      openReading(
        await readWorkloadFile(file),
        file.name ? `the file “${file.name}”` : 'the file',
        file.name || undefined,
      ),
    [openReading],
  );
  const openText = useCallback(
    (text: string, origin: string) => openReading(readWorkloadText(text), origin),
    [openReading],
  );
  const openTemplate = useCallback(
    async (template: TemplateEntry) => {
      const origin = `the template “${template.title}”`;
      let text: string;
      try {
        text = await template.load(); // its own small chunk: the first page does not carry the texts
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        store
          .getState()
          .say('error', `${capitalize(origin)} could not be loaded (${reason}). Your workload is unchanged.`);
        return false;
      }
      return openText(text, origin);
    },
    [openText, store],
  );
  return { openFile, openText, openTemplate };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
