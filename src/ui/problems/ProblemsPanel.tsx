import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Diagnostic } from '../../core/diagnostics';
import { hasFixes } from '../../core/quick-fixes/codes';
import { useDocument } from '../../state/document/context';
import { Pane } from '../common/Pane';
import { intentForKey } from '../intents/dispatch';
import { useIntentHost } from '../intents/intent-host';
import { ariaKeyShortcuts, shortcutText } from '../intents/keys';
import { intents } from '../intents/table';
import { filterProblems, isFiltering, NO_FILTER, type ProblemFilter } from './filter';
import { ProblemsFilter } from './ProblemsFilter';
import { SeverityIcon, severityLabel } from './SeverityIcon';
import { useRowWindow } from './use-row-window';

/**
 * Every problem of the workload. Choosing one shows its place in the YAML pane and selects its
 * field; F8 and Shift+F8 walk through them from anywhere. A problem with a quick fix says so on its
 * row: its "Fix" (or Ctrl+. on the row) offers the fixes.
 *
 * Only the rows in view (and a margin around them) are drawn: a check that adds a problem near the
 * top moves every row below it, and redrawing them all grew with the list (with 250 problems on the
 * 100×100 workload, 11 ms of a 24 ms change). Each row says its place in the whole list (aria-posinset of aria-setsize), the
 * focused row stays drawn wherever the list scrolls, and Tab reaches the next row (the margin holds
 * it, and the browser scrolls it into view).
 */
export function ProblemsPanel({ style }: { style?: React.CSSProperties }) {
  const diagnostics = useDocument((s) => s.report.diagnostics);
  const active = useDocument((s) => s.problemIndex);
  const showProblem = useDocument((s) => s.showProblem);
  const app = useIntentHost()?.app;
  const [filter, setFilter] = useState<ProblemFilter>(NO_FILTER);
  // The selection matters to the list only while it shows the selected part's problems alone.
  const selected = useDocument((s) => (filter.selectedOnly ? (s.selection?.pointer ?? '') : undefined));
  const shown = useMemo(
    () => (isFiltering(filter) ? filterProblems(diagnostics, filter, selected) : undefined),
    [diagnostics, filter, selected],
  );
  const allKeys = useMemo(() => problemKeys(diagnostics), [diagnostics]);
  const keys = useMemo(() => (shown ? shown.map((i) => allKeys[i]!) : allKeys), [shown, allKeys]);
  /** The diagnostic a row of the list shows. */
  const indexAt = (row: number) => (shown ? shown[row]! : row);
  const list = useRef<HTMLUListElement>(null);
  const [focused, setFocused] = useState<string>();
  const { drawn, reveal, follow } = useRowWindow(list, keys, focused);
  // F8 or a choice elsewhere made another problem the current one: bring it into view (if the filter shows it).
  useLayoutEffect(() => {
    const row = shown ? shown.indexOf(active) : active;
    if (row >= 0) reveal(row);
    // Only when the current problem changes, not when the list scrolls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
  const n = diagnostics.length;
  const rows = keys.length;
  return (
    <Pane
      id="problems"
      title="Problems"
      className="problems"
      style={style}
      badge={<span className="count">{n}</span>}
      tools={
        <span className="hint">
          {`${shortcutText(intents.nextProblem.keys)} / ${shortcutText(intents.previousProblem.keys)}: next / previous`}
        </span>
      }
    >
      <ActiveProblemAnnouncement diagnostics={diagnostics} active={active} />
      {n > 0 && <ProblemsFilter diagnostics={diagnostics} filter={filter} shown={rows} onChange={setFilter} />}
      {n === 0 ? (
        <p className="empty">No problems found.</p>
      ) : rows === 0 ? (
        <p className="empty">No problem matches the filter.</p>
      ) : (
        // One click handler for the list, reading the row's number from the row: a problem that only
        // moved (one more or less before it) keeps its row as it was, with nothing of it drawn again.
        <ul
          ref={list}
          className="problem-list"
          aria-label="Problems"
          data-pane-focus
          style={{ paddingTop: drawn.before, paddingBottom: drawn.after }}
          onClick={(e) => {
            const row = (e.target as Element).closest<HTMLElement>('li[data-index]');
            if (!row || !e.currentTarget.contains(row)) return;
            const i = Number(row.dataset.index);
            if (app && (e.target as Element).closest('.fix-hint')) app.showQuickFixes(i);
            else showProblem(i, true);
          }}
          onKeyDown={(e) => {
            // Ctrl+. on a row: the fixes of that problem (elsewhere, of the current one).
            const row = (e.target as Element).closest<HTMLElement>('li[data-index]');
            if (!app || !row || intentForKey('workspace', e) !== intents.quickFix) return;
            e.preventDefault();
            const i = Number(row.dataset.index);
            if (diagnostics[i] && hasFixes(diagnostics[i])) app.showQuickFixes(i);
          }}
          onFocus={(e) => {
            setFocused((e.target as Element).closest<HTMLElement>('li[data-key]')?.dataset.key);
            follow();
          }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(undefined);
          }}
        >
          {keys.slice(drawn.first, drawn.end).map((key, j) => {
            const row = drawn.first + j;
            const i = indexAt(row);
            return (
              <li key={key} data-index={i} data-key={key} aria-posinset={row + 1} aria-setsize={rows}>
                <Problem diagnostic={diagnostics[i]!} active={i === active} fixable={app !== undefined} />
              </li>
            );
          })}
        </ul>
      )}
    </Pane>
  );
}

/**
 * Keys that stay with a problem while others come and go before it, so that one problem more or less
 * adds or removes one row instead of redrawing the list: what it is and where, numbered when repeated.
 */
function problemKeys(diagnostics: readonly Diagnostic[]): string[] {
  const seen = new Map<string, number>();
  return diagnostics.map((d) => {
    const key = `${d.code}|${d.path}|${d.message}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? key : `${key}|${n}`;
  });
}

/** What a row shows of a problem: a check makes new diagnostic objects, and a row is drawn again only when this differs. */
function sameRow(a: Diagnostic, b: Diagnostic): boolean {
  return (
    a.severity === b.severity &&
    a.code === b.code &&
    a.message === b.message &&
    a.range.line === b.range.line &&
    a.range.column === b.range.column
  );
}

const Problem = memo(
  function Problem({ diagnostic: d, active, fixable }: { diagnostic: Diagnostic; active: boolean; fixable: boolean }) {
    const fix = fixable && hasFixes(d);
    return (
      <button
        type="button"
        className={`problem ${d.severity}`}
        aria-current={active || undefined}
        aria-keyshortcuts={fix ? ariaKeyShortcuts(intents.quickFix.keys) : undefined}
      >
        <span className="severity">
          <SeverityIcon severity={d.severity} /> {severityLabel[d.severity]}
        </span>
        <code className="code">{d.code}</code>
        <span className="message">{d.message}</span>
        <span className="position">
          <span className="visually-hidden">line </span>
          {d.range.line}:{d.range.column}
        </span>
        {fix && (
          // Part of the row (one control per row): clicked, it offers the fixes; from the keyboard, Ctrl+.
          <span className="fix-hint" title={`Quick fixes (${shortcutText(intents.quickFix.keys)})`}>
            Fix
          </span>
        )}
      </button>
    );
  },
  (before, after) =>
    before.active === after.active && before.fixable === after.fixable && sameRow(before.diagnostic, after.diagnostic),
);

/** Tells screen readers which problem F8 moved to, since the keyboard focus stays where it was. */
function ActiveProblemAnnouncement({ diagnostics, active }: { diagnostics: readonly Diagnostic[]; active: number }) {
  const d = diagnostics[active];
  return (
    <p className="visually-hidden" aria-live="polite">
      {d ? `Problem ${active + 1} of ${diagnostics.length}: ${d.message} (line ${d.range.line})` : ''}
    </p>
  );
}
