import { useState } from 'react';
import type { DocumentStore } from '../../state/document/store';
import type { PlatformStore } from '../../state/platform/store';
import type { StatusControls } from '../intents/table';

/**
 * The Status pane's intents for the table (palette, keyboard sheet), over the platform and document
 * stores. Loading and copying take code the first page does not need (status-actions.ts, with the
 * file reader and CEL): they download it when first asked.
 */
export function statusControls(platform: PlatformStore, document: DocumentStore): StatusControls {
  const later = (act: 'chooseFiles' | 'loadExample' | 'copyResource' | 'downloadResource') => () =>
    void import('./status-actions').then((actions) => actions[act](platform, document));
  return {
    toggle: () => platform.getState().setOn(!platform.getState().on),
    resourceYaml: () => platform.getState().status?.view.resourceYaml,
    chooseFiles: later('chooseFiles'),
    loadExample: later('loadExample'),
    copyResource: later('copyResource'),
    downloadResource: later('downloadResource'),
  };
}

/** The controls for this app's stores, made once; none where the app has no platform store. */
export function useStatusControls(platform: PlatformStore | null, document: DocumentStore): StatusControls | undefined {
  const [controls] = useState(() => (platform ? statusControls(platform, document) : undefined));
  return controls;
}
