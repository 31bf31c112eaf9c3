import { describe, expect, it } from 'vitest';
import { createListenersById } from './listeners-by-id';

describe('listeners kept by id', () => {
  it('calls the listeners of the ids told, and only while they listen', () => {
    const listeners = createListenersById();
    const heard: string[] = [];
    const stopA = listeners.subscribe('a', () => heard.push('a1'));
    listeners.subscribe('a', () => heard.push('a2'));
    listeners.subscribe('b', () => heard.push('b'));
    listeners.tell(['a', 'c']);
    expect(heard).toEqual(['a1', 'a2']);
    stopA();
    heard.length = 0;
    listeners.tell(new Set(['a', 'b']));
    expect(heard).toEqual(['a2', 'b']);
  });
});
