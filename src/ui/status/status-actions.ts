import type { DocumentStore } from '../../state/document/store';
import { addPlatformFile, loadExamplePlatform, type PlatformLoadResult } from '../../state/platform/load';
import type { PlatformStore } from '../../state/platform/store';
import { copyText, saveFile } from '../common/save-file';

/**
 * What the Status pane's buttons and intents do beyond showing it: load platform files (the user's,
 * or the example), and take the Workload resource away. Each says how it went, as a notice.
 */
const tell = (document: DocumentStore, result: PlatformLoadResult) =>
  'error' in result ? document.getState().say('error', result.error) : document.getState().say('info', result.message);

/** Shows or hides the Status pane: the orchestrator's view, with its diagnostics. */
export function toggle(platform: PlatformStore): void {
  platform.getState().put({ on: !platform.getState().on });
}

/** Asks the browser for files, as a file field would, and loads them (turning the view on). */
export function chooseFiles(platform: PlatformStore, document: DocumentStore): void {
  const input = window.document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = '.yaml,.yml,application/yaml,application/x-yaml,text/yaml,text/plain';
  input.addEventListener('change', () => void loadFiles(platform, document, [...(input.files ?? [])]));
  input.click();
}

/** Reads the files one by one and adds each; every result is said. */
export async function loadFiles(platform: PlatformStore, document: DocumentStore, files: readonly File[]) {
  for (const file of files) {
    try {
      tell(document, addPlatformFile(platform, { name: file.name, text: await file.text() }));
    } catch {
      tell(document, { error: `“${file.name}” could not be read.` });
    }
  }
}

export function loadExample(platform: PlatformStore, document: DocumentStore): void {
  tell(document, loadExamplePlatform(platform));
}

export function copyResource(platform: PlatformStore, document: DocumentStore): void {
  const text = platform.getState().status?.view.resourceYaml;
  if (text === undefined) return;
  void copyText(text).then((copied) =>
    copied
      ? document.getState().say('info', 'Copied the Workload resource (YAML).')
      : document
          .getState()
          .say('error', 'The browser did not let the page copy; download the Workload resource instead.'),
  );
}

export function downloadResource(platform: PlatformStore): void {
  const view = platform.getState().status?.view;
  if (view?.resourceYaml === undefined) return;
  saveFile(`${view.resourceName?.name ?? 'workload'}.workload.yaml`, view.resourceYaml, 'application/yaml');
}
