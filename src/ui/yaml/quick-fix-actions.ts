import type * as Monaco from 'monaco-editor';
import type { Catalog } from '../../core/catalog/types';
import type { Diagnostic } from '../../core/diagnostics';
import { hasFixes, type FixKind, type QuickFix } from '../../core/quick-fixes';
import { applyFix, fixChoice } from '../../state/document/quick-fixes';
import type { DocumentStore } from '../../state/document/store';

const APPLY = 'score.applyQuickFix';

/**
 * The YAML pane's code actions (Ctrl+., or "Quick Fix…" on a problem's hover): the core's quick fixes
 * of the problems under the caret, and the fix of all of a kind where it is offered. A fix runs as a
 * command through the store, not as an edit of the editor's own: one undo step of the workspace's
 * history, the graph and the form following, as a fix from the Problems panel does.
 */
export function registerQuickFixActions(
  monaco: typeof Monaco,
  store: DocumentStore,
  catalog: () => Catalog,
): Monaco.IDisposable {
  const command = monaco.editor.registerCommand(APPLY, (_accessor, fix: QuickFix, plannedOn: string) => {
    applyFix(store, fix, plannedOn);
  });
  const provider = monaco.languages.registerCodeActionProvider('yaml', {
    provideCodeActions(_model, _range, context) {
      const actions: Monaco.languages.CodeAction[] = [];
      const families = new Set<FixKind>();
      // Planning runs each fix and checks the result: only when the user asks (Ctrl+., a problem's
      // hover), never on Monaco's own asking after each pause of the caret.
      if (context.trigger !== monaco.languages.CodeActionTriggerType.Invoke) return { actions: [], dispose() {} };
      for (const marker of context.markers) {
        const diagnostic = diagnosticOf(store, marker);
        if (!diagnostic || !hasFixes(diagnostic)) continue;
        const choice = fixChoice(store, diagnostic, catalog());
        if (!choice) continue;
        const offers =
          choice.fixAll && !families.has(choice.fixAll.kind) ? [...choice.fixes, choice.fixAll] : choice.fixes;
        if (choice.fixAll) families.add(choice.fixAll.kind);
        for (const fix of offers) {
          actions.push({
            title: fix.title,
            kind: 'quickfix',
            diagnostics: [marker],
            isPreferred: fix.preferred,
            command: { id: APPLY, title: fix.title, arguments: [fix, choice.text] },
          });
        }
      }
      return { actions, dispose() {} };
    },
  });
  return {
    dispose() {
      provider.dispose();
      command.dispose();
    },
  };
}

/** The problem a marker shows (our markers carry its code and start where it does; see markers.ts). */
function diagnosticOf(store: DocumentStore, marker: Monaco.editor.IMarkerData): Diagnostic | undefined {
  if (marker.source !== 'Score') return undefined;
  return store
    .getState()
    .report.diagnostics.find(
      (d) =>
        d.code === marker.code &&
        d.range.line === marker.startLineNumber &&
        d.range.column === marker.startColumn &&
        d.message === marker.message,
    );
}
