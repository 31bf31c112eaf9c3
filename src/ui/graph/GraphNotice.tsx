import { useEffect, useRef } from 'react';
import type { DanglingReference } from '../../core/graph';

/**
 * What the canvas has to tell after an action: why a connection was refused, what a removal took
 * with it, or which references a removal left pointing at nothing, with a one-click offer to remove
 * them too. Shown over the canvas; it takes the focus (the removed node had it) without pressing
 * anything, so a keyboard user hears it and can act on it.
 */
export type GraphNoticeState =
  | { kind: 'refused'; text: string }
  | { kind: 'info'; text: string; details?: string[]; textAfter?: string }
  | {
      kind: 'references';
      text: string;
      /** The resource they name, and the node they belong to (a pointer prefix) when only its references count. */
      resource: string;
      owner?: string;
      references: DanglingReference[];
      /** Removing them is the user's choice (after deleting a resource) or the action itself (deleting an edge). */
      removeLabel: string;
      /** The text right after the action: Undo is offered while the text is still that. */
      textAfter?: string;
      /**
       * The text the references were read from. The offer acts on that text only: once the text is
       * another (the toolbar's Undo brought the resource back, or the user typed), the notice closes.
       */
      readFrom?: string;
    };

export function GraphNotice({
  notice,
  canUndo,
  onDismiss,
  onUndo,
  onShow,
  onRemoveReferences,
}: {
  notice: GraphNoticeState;
  canUndo: boolean;
  onDismiss: () => void;
  onUndo: () => void;
  onShow: (pointer: string) => void;
  onRemoveReferences: () => void;
}) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice.kind !== 'refused') region.current?.focus();
  }, [notice]);

  if (notice.kind === 'refused') {
    return (
      <div className="graph-notice refused" role="alert">
        <p>{notice.text}</p>
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    );
  }
  const removable = notice.kind === 'references' ? notice.references.filter((r) => r.removes !== undefined) : [];
  const byHand = notice.kind === 'references' ? notice.references.filter((r) => r.removes === undefined) : [];
  return (
    <div
      ref={region}
      className="graph-notice"
      role="region"
      aria-label="Graph notice"
      aria-live="polite"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss();
      }}
    >
      <p>{notice.text}</p>
      {notice.kind === 'info' && notice.details && notice.details.length > 0 && (
        <ul>
          {notice.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {notice.kind === 'references' && (
        <ul className="graph-references">
          {notice.references.map((r) => (
            <li key={`${r.pointer} ${r.raw}`}>
              <button type="button" className="link" onClick={() => onShow(r.pointer)}>
                {r.where}
              </button>{' '}
              <code>{r.raw}</code>
              {r.removes === undefined && <span className="muted"> (inside a longer text: edit it by hand)</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="graph-notice-actions">
        {removable.length > 0 && notice.kind === 'references' && (
          <button type="button" onClick={onRemoveReferences}>
            {notice.removeLabel}
          </button>
        )}
        {canUndo && (
          <button type="button" onClick={onUndo}>
            Undo
          </button>
        )}
        <button type="button" onClick={onDismiss}>
          {notice.kind !== 'references' || removable.length === 0
            ? 'Dismiss'
            : notice.owner !== undefined // the notice about an edge: what is kept is the edge
              ? 'Keep the edge'
              : 'Keep them'}
        </button>
      </div>
      {byHand.length > 0 && removable.length === 0 && (
        <p className="muted">These are inside longer texts: edit them in the YAML or the inspector.</p>
      )}
    </div>
  );
}
