import { useState } from 'react';
import type { DocumentStore } from '../../state/document/store';
import type { PlatformStore } from '../../state/platform/store';
import type { StatusControls } from '../intents/table';

/**
 * The Status pane's intents for the table (palette, keyboard sheet), over the platform and document
 * stores. What they do (status-actions.ts) is downloaded when first asked for, with the file reader.
 */
export function statusControls(platform: PlatformStore, document: DocumentStore): StatusControls {
  return {
    resourceYaml: () => platform.getState().status?.view.resourceYaml,
    perform: (act) => void import('./status-actions').then((actions) => actions[act](platform, document)),
  };
}

/** The controls for this app's stores, made once; none where the app has no platform store. */
export function useStatusControls(platform: PlatformStore | null, document: DocumentStore): StatusControls | undefined {
  const [controls] = useState(() => (platform ? statusControls(platform, document) : undefined));
  return controls;
}
