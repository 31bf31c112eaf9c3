import { memo, useEffect, useRef, type DragEvent } from 'react';
import { type LayoutDirection, type ResourceTypeInfo } from '../../core/graph';
import { shortcutText } from '../intents/keys';
import { intents, type Intent, type IntentContext } from '../intents/table';
import { RESOURCE_TYPE_MIME, usePaletteTypes, useTypeOrigin } from './palette';
import { Icon } from './icons';

/**
 * The canvas's tools, read from the table of intents: add a container, add a resource from the
 * palette of types (click, or drag onto the canvas), connect the selected node, lay the graph out
 * again, left to right or top to bottom. Zoom and fit are React Flow's controls. Memoized: the canvas renders after every check, the
 * tools only when what they show changes (the context changes with the selected element).
 */
export const Toolbar = memo(function Toolbar({
  stale,
  context,
  direction,
  typesOpen,
  onCloseTypes,
  onAddResource,
}: {
  /** Edits are off while the YAML does not parse (the commands would refuse anyway). */
  stale: boolean;
  /** The intents' context: the canvas and its selected element. */
  context: IntentContext;
  /** Which way the graph is laid out: its button is shown pressed. */
  direction: LayoutDirection;
  /** The palette of resource types is open (the Add resource intent opens and closes it). */
  typesOpen: boolean;
  onCloseTypes: () => void;
  onAddResource: (type: ResourceTypeInfo) => void;
}) {
  const palette = usePaletteTypes();
  const originOf = useTypeOrigin();
  const addResourceButton = useRef<HTMLButtonElement>(null);
  const paletteRef = useRef<HTMLDivElement>(null);
  // Opened, the palette takes the focus (it comes after the other tools in the tab order); closed
  // with Escape, the focus goes back to its button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (typesOpen && !wasOpen.current) paletteRef.current?.querySelector<HTMLElement>('li button')?.focus();
    wasOpen.current = typesOpen;
  }, [typesOpen]);
  const staleWhy = 'The YAML does not parse: fix it first';
  const disabled = (intent: Intent) => (intent.writes === true && stale) || !intent.applies(context);
  const perform = (intent: Intent) => () => intent.perform(context);
  const {
    addContainer,
    addResource,
    connect,
    autoLayout,
    exportDiagram,
    layoutLeftToRight,
    layoutTopToBottom,
    addWorkload,
  } = intents;
  const directions = [
    { intent: layoutLeftToRight, direction: 'left-to-right', arrow: '→' },
    { intent: layoutTopToBottom, direction: 'top-to-bottom', arrow: '↓' },
  ] as const;
  return (
    <div className="graph-toolbar" role="toolbar" aria-label="Graph tools">
      {addWorkload.applies(context) && (
        <button type="button" onClick={perform(addWorkload)} title={addWorkload.description}>
          {addWorkload.label}
        </button>
      )}
      <button
        type="button"
        onClick={perform(addContainer)}
        disabled={disabled(addContainer)}
        title={stale ? staleWhy : undefined}
      >
        {addContainer.label}
      </button>
      <button
        ref={addResourceButton}
        type="button"
        aria-expanded={typesOpen}
        aria-controls="graph-palette"
        onClick={perform(addResource)}
        disabled={disabled(addResource)}
        title={stale ? staleWhy : undefined}
      >
        {addResource.label}
      </button>
      <button
        type="button"
        onClick={perform(connect)}
        disabled={disabled(connect)}
        title={
          connect.applies(context)
            ? `${connect.description} (key: ${shortcutText(connect.keys)})`
            : 'Select a container first'
        }
      >
        {connect.label}
      </button>
      <button type="button" onClick={perform(autoLayout)} title={autoLayout.description}>
        {autoLayout.label}
      </button>
      <div className="graph-direction" role="group" aria-label="Layout direction">
        {directions.map(({ intent, direction: way, arrow }) => (
          <button
            key={way}
            type="button"
            aria-pressed={direction === way}
            aria-label={intent.label}
            title={`${intent.description} (key: ${shortcutText(intent.keys)})`}
            onClick={perform(intent)}
            disabled={disabled(intent)}
          >
            <span aria-hidden="true">{arrow}</span>
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={perform(exportDiagram)}
        title={`${exportDiagram.description} (key: ${shortcutText(exportDiagram.keys)})`}
      >
        {exportDiagram.label}
      </button>
      {typesOpen && !stale && (
        <div
          ref={paletteRef}
          id="graph-palette"
          className="graph-palette"
          role="group"
          aria-label="Resource types"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            onCloseTypes();
            addResourceButton.current?.focus();
          }}
        >
          <p className="muted">{addResource.description}.</p>
          <ul>
            {palette.map((t) => (
              <li key={t.type}>
                <button
                  type="button"
                  draggable
                  title={t.title}
                  onDragStart={(e: DragEvent) => {
                    e.dataTransfer.setData(RESOURCE_TYPE_MIME, t.type);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  // Dropped on the canvas, the type was added: the palette closes as after a click.
                  onDragEnd={(e: DragEvent) => e.dataTransfer.dropEffect !== 'none' && onCloseTypes()}
                  onClick={() => {
                    onAddResource(t);
                    onCloseTypes();
                  }}
                >
                  <Icon name={t.icon} /> <span className="graph-palette-type">{t.type}</span>{' '}
                  <span className="muted">
                    {t.title}
                    {originOf(t.type) !== undefined && ` · ${originOf(t.type)!}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
});
