import type { CSSProperties } from 'react';
import { useStore } from 'zustand';
import { useDocument } from '../../state/document/context';
import type { PlatformStore } from '../../state/platform/store';
import { Pane } from '../common/Pane';
import { PlatformSources } from './PlatformSources';
import { usePlatformStore } from './platform-context';
import { StatusReadout } from './StatusReadout';
import './status.css';

/**
 * The Status pane: what the score-orchestrator would say of the workload before it is submitted —
 * its conditions with their reasons, the resource claims, the endpoint, the profile and backend it
 * would get and why — under the platform loaded (configuration, admission policies). It follows each
 * check; every line shows its place in the workload, as a problem's row does. Downloaded with the
 * orchestrator's view, never for a page without it (the workspace shows it only while it is on).
 */
export function StatusPane({ style }: { style?: CSSProperties }) {
  const platform = usePlatformStore();
  return platform ? <StatusPaneOf platform={platform} style={style} /> : null;
}

function StatusPaneOf({ platform, style }: { platform: PlatformStore; style: CSSProperties | undefined }) {
  const status = useStore(platform, (s) => s.status);
  const checked = useDocument((s) => s.report.parsed.text);
  const view = status?.view;
  return (
    <Pane
      id="status"
      title="Status"
      className="status-pane"
      style={style}
      badge={
        view && (
          <span className={`status-badge ${view.ready ? 'ready' : 'not-ready'}`}>
            {view.ready ? 'Ready' : 'Not ready'}
          </span>
        )
      }
    >
      {/* Said when it changes, so that a fix that makes the workload Ready is heard too. */}
      <p className="visually-hidden" aria-live="polite">
        {view ? `The orchestrator's status: ${view.ready ? 'Ready' : 'not Ready'}.` : ''}
      </p>
      {view ? (
        <StatusReadout view={view} current={status?.text === checked} />
      ) : (
        <p className="placeholder">Previewing what the orchestrator would say…</p>
      )}
      <PlatformSources platform={platform} hasResource={view?.resourceYaml !== undefined} />
    </Pane>
  );
}
