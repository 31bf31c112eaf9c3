import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateText } from '../core/validate';
import { CHECK_DELAY_MS, createDocumentStore, hasChanges } from './document-store';

const valid = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';
const noImage = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    command: [x]\n';
const unreadable = 'apiVersion: score.dev/v1b1\nmetadata: [\n';

describe('the document store', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('checks the text it starts with at once', () => {
    const store = createDocumentStore({ text: noImage, origin: 'test' });
    const { report, readable } = store.getState();
    expect(report.parsed.text).toBe(noImage);
    expect(report.valid).toBe(false);
    expect(readable).toBe(report);
    expect(hasChanges(store.getState())).toBe(false);
  });

  it('checks typing after a pause of at most 150 ms, once for a burst of keystrokes', () => {
    const validate = vi.fn(validateText);
    const store = createDocumentStore({ text: valid, origin: 'test' }, { validate });
    expect(validate).toHaveBeenCalledTimes(1);
    for (let i = 1; i <= noImage.length; i++) store.getState().setText(noImage.slice(0, i));
    expect(store.getState().text).toBe(noImage);
    expect(store.getState().report.valid).toBe(true); // not checked yet
    vi.advanceTimersByTime(CHECK_DELAY_MS - 1);
    expect(validate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(validate).toHaveBeenCalledTimes(2);
    expect(CHECK_DELAY_MS).toBeLessThanOrEqual(150);
    expect(store.getState().report.parsed.text).toBe(noImage);
    expect(store.getState().report.valid).toBe(false);
    expect(hasChanges(store.getState())).toBe(true);
  });

  it('checks at once when asked (blur, automation), and then not again', () => {
    const validate = vi.fn(validateText);
    const store = createDocumentStore({ text: valid, origin: 'test' }, { validate });
    store.getState().setText(noImage);
    const report = store.getState().flush();
    expect(report.parsed.text).toBe(noImage);
    expect(store.getState().report).toBe(report);
    vi.advanceTimersByTime(1000);
    expect(store.getState().flush()).toBe(report);
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('keeps the last readable version while the text does not parse, and never touches the text', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    const good = store.getState().report;
    store.getState().setText(unreadable);
    store.getState().flush();
    expect(store.getState().text).toBe(unreadable);
    expect(store.getState().report.parsed.blocked).toBe(true);
    expect(store.getState().readable).toBe(good);
    store.getState().setText(noImage);
    store.getState().flush();
    expect(store.getState().readable).toBe(store.getState().report);
  });

  it('opening another workload forgets the changes and the previous workload', () => {
    const store = createDocumentStore({ text: valid, origin: 'test' });
    store.getState().setText(noImage);
    store.getState().open(unreadable, 'broken.yaml');
    const state = store.getState();
    expect(state.text).toBe(unreadable);
    expect(state.origin).toBe('broken.yaml');
    expect(hasChanges(state)).toBe(false);
    expect(state.report.parsed.text).toBe(unreadable);
    expect(state.readable).toBe(state.report); // not the previous workload's last good version
    vi.advanceTimersByTime(1000); // the edit's pending check must not come back
    expect(store.getState().report.parsed.text).toBe(unreadable);
  });
});
