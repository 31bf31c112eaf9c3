import { useState } from 'react';
import type { QuickFix } from '../../core/quick-fixes';
import { useDocumentStore } from '../../state/document/context';
import { applyFix, fixChoice } from '../../state/document/quick-fixes';
import { useCatalogStore } from '../catalog/catalog-context';
import { Modal } from '../dialog/Modal';

/**
 * The quick fixes of one problem (the Problems panel's lightbulb, Ctrl+. on a row, the palette's Quick
 * fix): each fix with what it changes, before and after, and the fix of all of its kind where the core
 * offers it. Planned once, as the dialog opens, against the text as it is then; choosing one runs it
 * through the store (one undo step) and closes the dialog.
 */
export function QuickFixDialog({ index, onClose }: { index: number; onClose: (applied: boolean) => void }) {
  const store = useDocumentStore();
  const catalogStore = useCatalogStore();
  const [choice] = useState(() => fixChoice(store, index, catalogStore.getState().catalog));
  const apply = (fix: QuickFix) => onClose(choice !== undefined && applyFix(store, fix, choice.text));
  const d = choice?.diagnostic;
  const offers = choice ? [...choice.fixes, ...(choice.fixAll ? [choice.fixAll] : [])] : [];
  return (
    <Modal title="Quick fixes" onClose={() => onClose(false)} className="quick-fix-dialog">
      {d && (
        <p className="quick-fix-problem">
          {d.message} <span className="muted">(line {d.range.line})</span>
        </p>
      )}
      {offers.length === 0 ? (
        <p>{d ? 'No fix keeps this workload free of new errors: edit it by hand.' : 'This problem is gone.'}</p>
      ) : (
        <ul className="quick-fix-list" aria-label="Fixes">
          {offers.map((fix, i) => (
            <li key={`${fix.kind}:${fix.title}`}>
              <button type="button" data-autofocus={i === 0 || undefined} onClick={() => apply(fix)}>
                {fix.title}
              </button>
              {fix.preview && <FixPreview fix={fix} />}
            </li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" data-autofocus={offers.length === 0 || undefined} onClick={() => onClose(false)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** What a fix changes: the lines now, struck, and the lines after (a fix of many shows its span). */
function FixPreview({ fix }: { fix: QuickFix }) {
  const preview = fix.preview!;
  const lines = (text: string) => (text === '' ? [] : text.split('\n'));
  const before = lines(preview.before);
  const after = lines(preview.after);
  // A fix of many problems may change lines far apart: the preview says how many, not all of them.
  const long = before.length + after.length > 12;
  return (
    <figure className="quick-fix-preview">
      <figcaption className="visually-hidden">What it changes, from line {preview.range.line}</figcaption>
      {long ? (
        <p className="muted">
          Changes lines {preview.range.line} to {preview.range.endLine}.
        </p>
      ) : (
        <pre>
          {before.map((line, i) => (
            <del key={`b${i}`}>
              <span aria-hidden="true">− </span>
              {line}
              {'\n'}
            </del>
          ))}
          {after.map((line, i) => (
            <ins key={`a${i}`}>
              <span aria-hidden="true">+ </span>
              {line}
              {'\n'}
            </ins>
          ))}
        </pre>
      )}
    </figure>
  );
}
