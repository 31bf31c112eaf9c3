import { describe, expect, it } from 'vitest';
import { createDocumentStore } from './store';

/**
 * The problem shown (chosen in Problems, on a node, with F8) stays shown when a new report still
 * has it: a check after typing elsewhere, or the export's findings joining the report, used to take
 * the choice away (problemIndex back to -1), and the list lost its current row under load.
 */
const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    command: [x]\n';

describe('the problem shown across checks', () => {
  it('stays the same problem, at its new index, while the report has it', () => {
    const store = createDocumentStore({ text, origin: 'test' });
    const shown = store.getState().report.diagnostics[0]!;
    store.getState().showProblem(0, false);
    // A problem before it: the one shown moves down a row and stays the one shown.
    store.getState().typeText(text.replace('  name: shop\n', '  name: shop\n  annotations: [1]\n'));
    const report = store.getState().flush();
    const at = store.getState().problemIndex;
    expect(at).toBeGreaterThan(0);
    expect(report.diagnostics[at]).toMatchObject({ code: shown.code, path: shown.path, message: shown.message });
  });

  it('is none once the new report no longer has it', () => {
    const store = createDocumentStore({ text, origin: 'test' });
    store.getState().showProblem(0, false);
    store.getState().typeText(text.replace('command: [x]', 'image: nginx'));
    store.getState().flush();
    expect(store.getState().problemIndex).toBe(-1);
  });
});
