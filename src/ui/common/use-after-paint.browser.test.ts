import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAfterPaint } from './use-after-paint';

function Shown({ value, now }: { value: string; now: boolean }) {
  return createElement('output', null, useAfterPaint(value, now));
}

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
const show = (value: string, now: boolean) => flushSync(() => root.render(createElement(Shown, { value, now })));
const text = () => host.textContent;
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Resolves once the update asked for after the next frame has had time to render. */
const settled = async () => {
  for (let i = 0; i < 3; i++) await nextFrame();
};

beforeEach(async () => {
  show('start', true);
  await settled();
});

describe('useAfterPaint: a part of the page that follows typing a frame late', () => {
  it('keeps the last value through the next frame, then shows the new one', async () => {
    show('first', false);
    expect(text()).toBe('start');
    // The frame drawn next still has the old value: the update comes in the task after it.
    const inFrame = await new Promise<string | null>((resolve) => requestAnimationFrame(() => resolve(text())));
    expect(inFrame).toBe('start');
    await settled();
    expect(text()).toBe('first');
  });

  it('passes an edit made in the part itself through at once', () => {
    show('clicked', true);
    expect(text()).toBe('clicked');
  });

  it('lags from what was shown last, never from an older value', async () => {
    show('typed', false);
    show('clicked', true);
    show('typed again', false);
    expect(text()).toBe('clicked');
    await settled();
    expect(text()).toBe('typed again');
  });

  it('shows only the last of values that come faster than frames', async () => {
    show('a', false);
    show('b', false);
    show('c', false);
    expect(text()).toBe('start');
    await settled();
    expect(text()).toBe('c');
  });
});
