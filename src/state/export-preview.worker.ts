/**
 * Reads back what each container's variables become in the Compose export (see
 * core/inspector/exported-variables.ts), off the main thread: the export of a large workload takes
 * long enough to be felt as a keystroke that does not register.
 */
import { exportedVariables } from '../core/inspector/exported-variables';
import type { ExportPreviewReply, ExportPreviewRequest } from './export-preview';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportPreviewRequest>) => void) | null;
  postMessage(reply: ExportPreviewReply): void;
};

scope.onmessage = ({ data: { id, text } }) => {
  scope.postMessage({ id, variables: exportedVariables(text) });
};
