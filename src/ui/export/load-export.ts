/**
 * The export's code (the Compose converter, the provisioners run at export time, the zip) is a chunk
 * of its own, loaded when the user first opens the Export menu (run-export.ts) or a preview
 * (ExportPreview.tsx), not with the page. When it does not download, this is what they say.
 */
export const EXPORT_CODE_MISSING = 'The export code did not download. Reload the page to try again.';

/** What the preview and the menu say while the export is worked out (in the validation worker: the page stays free). */
export const EXPORT_WORKING = 'Working out the export…';

/** How long an export may take before the preview and the menu say that it is being worked out (sooner, it would blink). */
export const SAY_WORKING_AFTER_MS = 300;
