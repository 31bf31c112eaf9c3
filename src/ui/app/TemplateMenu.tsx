import { useState } from 'react';
import type { TemplateEntry } from '../../core/templates/list';
import { Modal } from '../dialog/Modal';
import { TemplateList } from '../start/TemplateList';

/** "New from template": a dialog listing the templates. */
export function TemplateMenu({ onChoose }: { onChoose: (template: TemplateEntry) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        New from template…
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
