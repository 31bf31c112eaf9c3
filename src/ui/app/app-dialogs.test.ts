import { describe, expect, it } from 'vitest';
import { createDocumentStore } from '../../state/document/store';
import { canvasSlot } from '../intents/intent-host';
import type { CanvasControls, IntentContext } from '../intents/table';
import { gainCanvas, type Open } from './AppDialogs';

/**
 * The graph's pane loads apart from the page: a palette opened before it came gains the canvas's
 * intents when it lends its context (a loaded machine showed the palette without "Picture of the
 * diagram…"), and a palette opened with them keeps what it opened with.
 */
const document = createDocumentStore({ text: 'apiVersion: score.dev/v1b1\n', origin: 'a test' });
const onPage: IntentContext = { document, from: 'page' };
const onCanvas = (name: string): IntentContext => ({
  document,
  from: 'page',
  canvas: { name } as unknown as CanvasControls,
});

describe('canvasSlot', () => {
  it('tells each context lent, holds the newest, and takes back only its own', () => {
    const heard: IntentContext[] = [];
    const slot = canvasSlot((context) => heard.push(context));
    expect(slot.canvasContext()).toBeNull();
    const first = onCanvas('first');
    const giveBackFirst = slot.lendCanvas(first);
    const second = onCanvas('second');
    slot.lendCanvas(second);
    expect(heard).toEqual([first, second]);
    giveBackFirst(); // an older lender leaving does not take the newer context away
    expect(slot.canvasContext()).toBe(second);
  });
});

describe('gainCanvas: a palette opened before the canvas came', () => {
  it('takes the canvas context the moment it is lent', () => {
    const open: Open = { kind: 'palette', context: onPage, stale: false };
    const after = gainCanvas(open, () => onCanvas('arrived'));
    expect(after).toEqual({ kind: 'palette', context: onCanvas('arrived'), stale: false });
  });

  it('keeps the context a palette opened with (what was selected then), and leaves other dialogs alone', () => {
    const withCanvas: Open = { kind: 'palette', context: onCanvas('opened with'), stale: true };
    expect(gainCanvas(withCanvas, () => onCanvas('later'))).toBe(withCanvas);
    const keys: Open = { kind: 'keys' };
    expect(gainCanvas(keys, () => onCanvas('later'))).toBe(keys);
    expect(gainCanvas(null, () => onCanvas('later'))).toBeNull();
  });
});
