import type { WorkloadTemplate } from '../../core/templates';
import { useDocument } from '../../state/document-context';
import { isOpen } from '../../state/document-store';
import { ExportMenu } from '../export/ExportMenu';
import { HistoryButtons } from './HistoryButtons';
import { TemplateMenu } from './TemplateMenu';
import { ThemePicker } from './ThemePicker';
import { ValidationStatus } from './ValidationStatus';
import { WorkloadTitle } from './WorkloadTitle';

/** The app's banner: which workload is open, the actions on it, its verdict, and the theme. */
export function TopBar({
  onTemplate,
  onOpenFile,
  catalogOpen,
  onCatalog,
}: {
  onTemplate: (template: WorkloadTemplate) => void;
  onOpenFile: () => void;
  catalogOpen: boolean;
  onCatalog: () => void;
}) {
  const open = useDocument(isOpen);
  return (
    <header className="top-bar">
      <h1 className="brand">Score Designer</h1>
      {open && <WorkloadTitle />}
      <div className="actions" role="toolbar" aria-label="Workload">
        <TemplateMenu onChoose={onTemplate} />
        <button type="button" onClick={onOpenFile}>
          Open…
        </button>
        <ExportMenu />
        <button type="button" aria-pressed={catalogOpen} onClick={onCatalog}>
          Catalog
        </button>
        {open && <HistoryButtons />}
      </div>
      {open && <ValidationStatus />}
      <ThemePicker />
    </header>
  );
}
