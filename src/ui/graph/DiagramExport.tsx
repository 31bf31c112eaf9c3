import type { ReactFlowInstance } from '@xyflow/react';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { lendCanvasView } from '../../state/document/automation';
import { saveFile } from '../common/save-file';
import { Modal } from '../dialog/Modal';
import {
  diagramSvg,
  pictureFileName,
  selectedNodeIds,
  shownTheme,
  svgToPng,
  toBase64,
  type PictureTheme,
} from './picture-export';
import type { FlowEdge, FlowNode } from './to-flow';
import type { CanvasLatest } from './use-canvas-edits';

/**
 * Picture of the diagram…: the dialog that saves a picture of the graph (SVG or PNG, light or dark, the whole
 * graph or the selection), and the same picture and the canvas's view lent to the automation API
 * while the canvas is on screen (`scoreDesigner.exportDiagram`, `scoreDesigner.view`).
 */
export function useDiagramExport(
  latest: RefObject<CanvasLatest>,
  flow: ReactFlowInstance<FlowNode, FlowEdge>,
): { open: () => void; dialog: ReactNode } {
  const [isOpen, setOpen] = useState(false);
  useEffect(
    () =>
      lendCanvasView({
        view: () => flow.getViewport(),
        async exportDiagram({ format, theme, selection }) {
          const only = selection ? selectedNodeIds(flow) : undefined;
          if (only?.size === 0) throw new Error('Nothing is selected on the graph');
          const svg = diagramSvg(latest, theme ?? shownTheme(), only);
          return format === 'svg' ? svg : toBase64(await svgToPng(svg));
        },
      }),
    [latest, flow],
  );
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, dialog: isOpen ? <DiagramExportDialog latest={latest} flow={flow} onClose={close} /> : null };
}

type Format = 'svg' | 'png';

function DiagramExportDialog({
  latest,
  flow,
  onClose,
}: {
  latest: RefObject<CanvasLatest>;
  flow: ReactFlowInstance<FlowNode, FlowEdge>;
  onClose: () => void;
}) {
  // What is selected when the dialog opens (the dialog covers the canvas: it cannot change meanwhile).
  const selected = useMemo(() => selectedNodeIds(flow), [flow]);
  const [format, setFormat] = useState<Format>('svg');
  const [theme, setTheme] = useState<PictureTheme>(shownTheme);
  const [part, setPart] = useState<'whole' | 'selection'>('whole');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const svg = diagramSvg(latest, theme, part === 'selection' ? selected : undefined);
      const name = pictureFileName(latest.current.graph.name, format);
      if (format === 'svg') saveFile(name, svg, 'image/svg+xml');
      else saveFile(name, await svgToPng(svg), 'image/png');
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  const count = selected.size === 1 ? '1 node' : `${selected.size} nodes`;
  return (
    <Modal title="Picture of the diagram" onClose={onClose} className="graph-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <Choices
          legend="Format"
          name="format"
          value={format}
          onChange={setFormat}
          choices={[
            ['svg', 'SVG', 'words stay text: sharp at any size, searchable'],
            ['png', 'PNG', 'an image, at twice the size shown'],
          ]}
          autoFocus
        />
        <Choices
          legend="Theme"
          name="theme"
          value={theme}
          onChange={setTheme}
          choices={[
            ['light', 'Light'],
            ['dark', 'Dark'],
          ]}
        />
        <Choices
          legend="Part"
          name="part"
          value={part}
          onChange={setPart}
          choices={[
            ['whole', 'The whole graph'],
            ['selection', 'The selection', selected.size > 0 ? count : 'select a node first', selected.size === 0],
          ]}
        />
        {failure && (
          <p className="graph-choice-problem" role="alert">
            {failure}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            Save {format.toUpperCase()}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A group of radio buttons: [value, label, hint?, disabled?] each. */
function Choices<T extends string>({
  legend,
  name,
  value,
  onChange,
  choices,
  autoFocus,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  choices: ReadonlyArray<readonly [T, string, string?, boolean?]>;
  autoFocus?: boolean;
}) {
  const legendId = useId();
  return (
    <fieldset className="graph-choices" aria-labelledby={legendId}>
      <legend id={legendId}>{legend}</legend>
      {choices.map(([choice, label, hint, disabled]) => (
        <label key={choice} className="graph-choice">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            disabled={disabled}
            autoFocus={autoFocus && value === choice}
            data-autofocus={(autoFocus && value === choice) || undefined}
            onChange={() => onChange(choice)}
          />{' '}
          {label}
          {hint && <span className="muted"> ({hint})</span>}
        </label>
      ))}
    </fieldset>
  );
}
