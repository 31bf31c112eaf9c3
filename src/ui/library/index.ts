/** The workload library's UI, as the app mounts it (see each component for what it does). */
export { LibraryProvider } from './LibraryProvider';
export { LibraryPage } from './LibraryPage';
export { SaveButton, SaveState } from './SaveButton';
export { ShareButton } from './ShareButton';
export { LibraryNotice } from './LibraryNotice';
export { LibrarySettings, LibrarySettingsDialog } from './LibrarySettings';
export { useSaveWorkload } from './use-save';
export { useLeaveGuard, useSaveShortcut, useShareLinkArrival } from './use-library-keys';
export { useLibrary, useLibraryStore } from './library-context';
