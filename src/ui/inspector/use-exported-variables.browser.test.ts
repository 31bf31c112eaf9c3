import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { ExportedVariables } from '../../core/inspector';
import { EXPORT_PREVIEW_PAUSE_MS, useExportedVariables } from './use-exported-variables';

/** An export that records what it was asked for and answers with the text it was given. */
function recordingExport() {
  const asked: string[] = [];
  const exportOf = (text: string): Promise<ExportedVariables | undefined> => {
    asked.push(text);
    return Promise.resolve(new Map([['web', { TEXT: text }]]));
  };
  return { asked, exportOf };
}

function mount(exportOf: (text: string) => Promise<ExportedVariables | undefined>) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  function Preview({ text }: { text: string }) {
    return createElement(
      'output',
      null,
      useExportedVariables(text, true, { seed: 1, projectName: undefined, provisioners: undefined }, exportOf)?.get(
        'web',
      )?.TEXT ?? '',
    );
  }
  return {
    show: (text: string) => flushSync(() => root.render(createElement(Preview, { text }))),
    shown: () => host.textContent,
  };
}

describe('the export behind the variables preview', () => {
  it('runs at once for the first text, then once the text has stayed for a moment', async () => {
    const { asked, exportOf } = recordingExport();
    const view = mount(exportOf);
    view.show('a');
    await expect.poll(() => view.shown()).toBe('a');
    expect(asked).toEqual(['a']);
    // Texts that follow each other faster than the pause: only the last is exported, after it.
    const changed = performance.now();
    for (const text of ['b', 'c', 'd']) view.show(text);
    expect(asked).toEqual(['a']);
    expect(view.shown()).toBe('a'); // the last result stays shown meanwhile
    await expect.poll(() => view.shown()).toBe('d');
    expect(asked).toEqual(['a', 'd']);
    expect(performance.now() - changed).toBeGreaterThanOrEqual(EXPORT_PREVIEW_PAUSE_MS);
  });

  it('never shows the answer for a text that has since changed', async () => {
    const answers: Array<(v: ExportedVariables) => void> = [];
    const view = mount(() => new Promise((resolve) => answers.push(resolve)));
    view.show('old');
    await expect.poll(() => answers.length).toBe(1);
    view.show('new');
    answers[0]!(new Map([['web', { TEXT: 'old' }]])); // arrives after the text changed
    await expect.poll(() => answers.length).toBe(2);
    expect(view.shown()).toBe('');
    answers[1]!(new Map([['web', { TEXT: 'new' }]]));
    await expect.poll(() => view.shown()).toBe('new');
  });
});
