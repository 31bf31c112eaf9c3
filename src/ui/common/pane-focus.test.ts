import { describe, expect, it } from 'vitest';
import { paneAfter, PANE_ORDER } from './pane-focus';

describe('F6 between the panes', () => {
  it('goes graph → YAML → inspector → problems and round again; Shift+F6 goes back', () => {
    const all = PANE_ORDER.filter((p) => p !== 'status');
    expect(paneAfter('graph', 1, all)).toBe('yaml');
    expect(paneAfter('yaml', 1, all)).toBe('inspector');
    expect(paneAfter('inspector', 1, all)).toBe('problems');
    expect(paneAfter('problems', 1, all)).toBe('graph');
    expect(paneAfter('graph', -1, all)).toBe('problems');
    expect(paneAfter('inspector', -1, all)).toBe('yaml');
    // With the orchestrator's view on, its Status pane comes after the problems.
    expect(paneAfter('problems', 1, PANE_ORDER)).toBe('status');
    expect(paneAfter('status', 1, PANE_ORDER)).toBe('graph');
  });

  it('starts at the first pane (the last, going back) from outside the panes, and passes over hidden ones', () => {
    expect(paneAfter(undefined, 1, ['problems', 'graph'])).toBe('graph');
    expect(paneAfter(undefined, -1, ['problems', 'graph'])).toBe('problems');
    expect(paneAfter('graph', 1, ['graph', 'inspector'])).toBe('inspector');
    expect(paneAfter('yaml', 1, ['graph', 'inspector'])).toBe('inspector');
    expect(paneAfter('problems', 1, ['problems'])).toBe('problems');
    expect(paneAfter('graph', 1, [])).toBeUndefined();
  });
});
