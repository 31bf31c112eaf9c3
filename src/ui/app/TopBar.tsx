import type { TemplateEntry } from '../../core/templates/list';
import { useDocument } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { ExportMenu } from '../export/ExportMenu';
import { SaveButton } from '../library/SaveButton';
import { ShareButton } from '../library/ShareButton';
import { HistoryButtons } from './HistoryButtons';
import { TemplateMenu } from './TemplateMenu';
import { ThemePicker } from './ThemePicker';
import { ValidationStatus } from './ValidationStatus';
import { WorkloadTitle } from './WorkloadTitle';

/** The app's banner: which workload is open, the actions on it, its verdict, and the theme. */
export function TopBar({
  onTemplate,
  templatesOpen,
  setTemplatesOpen,
  onOpenFile,
  catalogOpen,
  onCatalog,
  libraryOpen,
  onLibrary,
}: {
  onTemplate: (template: TemplateEntry) => void;
  templatesOpen: boolean;
  setTemplatesOpen: (open: boolean) => void;
  onOpenFile: () => void;
  catalogOpen: boolean;
  onCatalog: () => void;
  libraryOpen: boolean;
  onLibrary: () => void;
}) {
  const open = useDocument(isOpen);
  return (
    <header className="top-bar">
      <h1 className="brand">Score Designer</h1>
      {open && <WorkloadTitle />}
      <div className="actions" role="toolbar" aria-label="Workload">
        <TemplateMenu onChoose={onTemplate} open={templatesOpen} setOpen={setTemplatesOpen} />
        <button type="button" onClick={onOpenFile}>
          Open…
        </button>
        <SaveButton />
        <ShareButton />
        <ExportMenu />
        <button type="button" aria-pressed={catalogOpen} onClick={onCatalog}>
          Catalog
        </button>
        <button type="button" aria-pressed={libraryOpen} onClick={onLibrary}>
          Library
        </button>
        {open && <HistoryButtons />}
      </div>
      {open && <ValidationStatus />}
      <ThemePicker />
    </header>
  );
}
