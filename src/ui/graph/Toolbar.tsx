import { memo, useEffect, useRef, useState, type DragEvent } from 'react';
import { type ResourceTypeInfo } from '../../core/graph';
import { usePaletteTypes } from './palette';
import { Icon } from './icons';

/** The drag-and-drop payload of a palette entry: the resource type. */
export const RESOURCE_TYPE_MIME = 'application/x-score-resource-type';

/**
 * The canvas's tools: add a container, add a resource from the palette of types (click, or drag
 * onto the canvas), connect the selected node, lay the graph out again. Zoom and fit are React Flow's controls.
 * Memoized: the canvas renders after every check, the tools only when what they show changes.
 */
export const Toolbar = memo(function Toolbar({
  disabled,
  canConnect,
  onAddContainer,
  onAddResource,
  onConnect,
  onLayout,
}: {
  /** Edits are off while the YAML does not parse (the commands would refuse anyway). */
  disabled: boolean;
  canConnect: boolean;
  onAddContainer: () => void;
  onAddResource: (type: ResourceTypeInfo) => void;
  onConnect: () => void;
  onLayout: () => void;
}) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const palette = usePaletteTypes();
  const addResourceButton = useRef<HTMLButtonElement>(null);
  const paletteRef = useRef<HTMLDivElement>(null);
  // Opened, the palette takes the focus (it comes after the other tools in the tab order); closed
  // with Escape, the focus goes back to its button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (paletteOpen && !wasOpen.current) paletteRef.current?.querySelector<HTMLElement>('li button')?.focus();
    wasOpen.current = paletteOpen;
  }, [paletteOpen]);
  const why = disabled ? 'The YAML does not parse: fix it first' : undefined;
  return (
    <div className="graph-toolbar" role="toolbar" aria-label="Graph tools">
      <button type="button" onClick={onAddContainer} disabled={disabled} title={why}>
        Add container
      </button>
      <button
        ref={addResourceButton}
        type="button"
        aria-expanded={paletteOpen}
        aria-controls="graph-palette"
        onClick={() => setPaletteOpen((open) => !open)}
        disabled={disabled}
        title={why}
      >
        Add resource
      </button>
      <button
        type="button"
        onClick={onConnect}
        disabled={disabled || !canConnect}
        title={canConnect ? 'Connect the selected container to another node (key: C)' : 'Select a container first'}
      >
        Connect…
      </button>
      <button type="button" onClick={onLayout} title="Lay the whole graph out again">
        Auto layout
      </button>
      {paletteOpen && !disabled && (
        <div
          ref={paletteRef}
          id="graph-palette"
          className="graph-palette"
          role="group"
          aria-label="Resource types"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setPaletteOpen(false);
            addResourceButton.current?.focus();
          }}
        >
          <p className="muted">Click a type to add it, or drag it onto the canvas.</p>
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
                  onDragEnd={(e: DragEvent) => e.dataTransfer.dropEffect !== 'none' && setPaletteOpen(false)}
                  onClick={() => {
                    onAddResource(t);
                    setPaletteOpen(false);
                  }}
                >
                  <Icon name={t.icon} /> <span className="graph-palette-type">{t.type}</span>{' '}
                  <span className="muted">{t.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
});
