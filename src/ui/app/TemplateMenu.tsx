import type { TemplateEntry } from '../../core/templates/list';
import { Modal } from '../dialog/Modal';
import { TemplateList } from '../start/TemplateList';

/** "New from template": a dialog listing the templates (opened here, or from the command palette). */
export function TemplateMenu({
  onChoose,
  open,
  setOpen,
}: {
  onChoose: (template: TemplateEntry) => void;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  return (
    <>
      {/* "New…" on screen keeps the header to one row; the name says the rest and starts with those words. */}
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label="New from template…"
        title="New from template…"
        onClick={() => setOpen(true)}
      >
        New…
      </button>
      {open && (
        <Modal title="New from template" onClose={() => setOpen(false)} className="template-dialog">
          <TemplateList
            onChoose={(t) => {
              setOpen(false);
              onChoose(t);
            }}
          />
          <div className="modal-actions">
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
