import { describe, expect, it } from 'vitest';
import { generateWorkload } from '../../../bench/workload-generator';
import { templates } from '../../core/templates';
import { SUGGEST_WHILE_TYPING_BELOW, typingSuggestions } from './typing-suggestions';

describe('suggestions while typing', () => {
  it('come with every key in the templates, and on request only in the 100×100 bench workload', () => {
    for (const { text } of templates)
      expect(typingSuggestions(text.length)).toMatchObject({ other: true, strings: true });
    expect(typingSuggestions(generateWorkload(100, 100).length)).toBe(false);
  });

  it('switch at the limit, and are the same object while on (the editor is told only when they change)', () => {
    expect(typingSuggestions(SUGGEST_WHILE_TYPING_BELOW - 1)).toBe(typingSuggestions(0));
    expect(typingSuggestions(SUGGEST_WHILE_TYPING_BELOW)).toBe(false);
  });
});
