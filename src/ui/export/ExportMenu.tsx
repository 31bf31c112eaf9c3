import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDocument, useDocumentStore } from '../../state/document/context';
import { isOpen } from '../../state/document/store';
import { useExportStore } from './export-context';
import type { ExportReport, MenuItem } from './export-report';
import { EXPORT_CODE_MISSING, EXPORT_WORKING, SAY_WORKING_AFTER_MS } from './load-export';
import { useKeepInWindow } from '../common/use-keep-in-window';
import './export.css';
import { useProjectStore } from '../../state/project/context';
import { otherTexts } from '../../state/project/store';

/** Running an export, and its report: loaded with the export's code, when the menu first opens. */
const loadRunExport = () => import('./run-export');
type ReportBox = Awaited<ReturnType<typeof loadRunExport>>['ExportReportBox'];

const WORKING: ExportReport = { ok: true, message: EXPORT_WORKING, errors: [], warnings: [], info: [] };

const items: readonly MenuItem[] = [
  { label: 'Download score.yaml', kind: 'score', action: 'download' },
  { label: 'Copy score.yaml', kind: 'score', action: 'copy' },
  { label: 'Download compose.yaml', kind: 'compose', action: 'download' },
  { label: 'Copy compose.yaml', kind: 'compose', action: 'copy' },
  { label: 'Download Kubernetes manifests.yaml', kind: 'k8s', action: 'download' },
  { label: 'Copy Kubernetes manifests.yaml', kind: 'k8s', action: 'copy' },
  { label: 'Download bundle (.zip)', kind: 'bundle', action: 'download' },
];

/**
 * The Export menu (a menu button, WAI-ARIA APG pattern): score.yaml exactly as written, compose.yaml
 * as score-compose would write it, manifests.yaml as score-k8s would, or a .zip with all of them, the
 * files compose.yaml mounts and a README; downloaded (an object URL, no server) or copied. Its report
 * lists what was not converted, or why nothing was.
 */
export function ExportMenu() {
  const open = useDocument(isOpen);
  const documentStore = useDocumentStore();
  const project = useProjectStore();
  const exportStore = useExportStore();
  const [expanded, setExpanded] = useState(false);
  // The report, and the view that shows it (it comes with the export's code; without it, its message alone).
  const [report, setReport] = useState<ExportReport | null>(null);
  const [Box, setBox] = useState<ReportBox | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useKeepInWindow(menu, expanded);
  const root = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const buttonId = useId();

  const close = (refocus: boolean) => {
    setExpanded(false);
    if (refocus) button.current?.focus();
  };
  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setExpanded(true);
    // The export's code downloads while the user picks an entry (run reports if it failed).
    loadRunExport().catch(() => undefined);
  };

  useEffect(() => {
    if (!expanded) return;
    const entries = menuItems(menu.current);
    (focusOnOpen.current === 'first' ? entries[0] : entries[entries.length - 1])?.focus();
  }, [expanded]);

  // A pointer press elsewhere closes the menu and the report (they float over the workspace).
  const floating = expanded || report !== null;
  useEffect(() => {
    if (!floating) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setExpanded(false);
      setReport(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [floating]);

  // Another workload (or none): the menu closes and the last report, about the other one, goes.
  const origin = useDocument((s) => s.origin);
  const [shownFor, setShownFor] = useState(origin);
  if (shownFor !== origin) {
    setShownFor(origin);
    setExpanded(false);
    setReport(null);
  }

  const run = async (item: MenuItem) => {
    close(true);
    let loaded: Awaited<ReturnType<typeof loadRunExport>>;
    try {
      loaded = await loadRunExport();
    } catch {
      setReport({ ok: false, message: EXPORT_CODE_MISSING, errors: [], warnings: [], info: [] });
      return;
    }
    setBox(() => loaded.ExportReportBox);
    const peers = project ? otherTexts(project.getState()) : [];
    // Worked out in the validation worker: said when it takes a while, and the page stays free meanwhile.
    const working = setTimeout(() => setReport(WORKING), SAY_WORKING_AFTER_MS);
    try {
      setReport(await loaded.runExport(item, documentStore, exportStore, peers));
    } finally {
      clearTimeout(working);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = menuItems(menu.current);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(entries.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return; // Tab moves on as usual
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="export-menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={expanded}
        aria-controls={expanded ? menuId : undefined}
        disabled={!open}
        title={open ? undefined : 'Open a workload to export it'}
        onClick={() => (expanded ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        Export
      </button>
      {expanded && (
        <ul ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} className="menu" onKeyDown={onMenuKeyDown}>
          {items.map((item, i) => (
            // A line above each group: compose.yaml, manifests.yaml, the bundle.
            <li key={item.label} role="none" className={i > 1 && i % 2 === 0 ? 'menu-group-start' : undefined}>
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => void run(item)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="export-report-slot" role="status">
        {report &&
          (Box ? (
            <Box
              report={report}
              offer={items.find((item) => item.kind === report.offer)}
              onClose={() => setReport(null)}
              onOffer={(item) => void run(item)}
            />
          ) : (
            <div className="export-report failed">
              <p role="alert">{report.message}</p>
              <button type="button" className="export-report-close" onClick={() => setReport(null)}>
                Close<span className="visually-hidden"> the export report</span>
              </button>
            </div>
          ))}
      </div>
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}
