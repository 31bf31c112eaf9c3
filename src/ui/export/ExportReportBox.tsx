import { useRef } from 'react';
import { useKeepInWindow } from '../common/use-keep-in-window';
import type { ExportReport, MenuItem } from './export-report';
import { ExportMessages } from './ExportMessages';

/**
 * What the last export did, under the Export button until closed: never a silent success or failure.
 * It comes with the export's code (run-export.ts): a report is only made once that is here.
 */
export function ExportReportBox({
  report,
  offer,
  onClose,
  onOffer,
}: {
  report: ExportReport;
  /** The menu entry the report offers (the bundle, when compose.yaml alone is not enough). */
  offer: MenuItem | undefined;
  onClose: () => void;
  onOffer: (item: MenuItem) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useKeepInWindow(box, report);
  return (
    <div
      ref={box}
      className={`export-report ${report.ok ? 'ok' : 'failed'}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {report.ok ? <p>{report.message}</p> : <p role="alert">{report.message}</p>}
      <ExportMessages kind="errors" title="Errors" items={report.errors} />
      <ExportMessages kind="warnings" title="Warnings" items={report.warnings} />
      <ExportMessages kind="info" title="Notes" items={report.info} />
      {offer && (
        <button type="button" className="primary" onClick={() => onOffer(offer)}>
          {offer.label}
        </button>
      )}
      <button type="button" className="export-report-close" onClick={onClose}>
        Close<span className="visually-hidden"> the export report</span>
      </button>
    </div>
  );
}
