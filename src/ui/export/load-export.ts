/**
 * The export's code (the Compose converter, the provisioners run at export time, the zip) is a chunk
 * of its own, loaded when the user first exports (here) or opens the Compose preview
 * (ComposePreview.tsx), not with the page.
 */
export const loadExportActions = () => import('../../state/export/actions');

export const EXPORT_CODE_MISSING = 'The export code did not download. Reload the page to try again.';
