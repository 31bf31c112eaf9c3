import { describe, expect, it } from 'vitest';
import { pointerAt } from '../../../core/document/source-map';
import { validateText } from '../../../core/validate';
import { isParsedHere, lazyParsed } from './lazy-parsed';

const text = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: shop\ncontainers:\n  web:\n    image: nginx\n';

describe('a document parsed on demand', () => {
  it('answers from the given value until the YAML tree is asked for, then parses once', () => {
    const { parsed } = validateText(text);
    const lazy = lazyParsed(text, parsed.value, parsed.syntax, parsed.blocked);
    expect(lazy.value).toBe(parsed.value);
    expect(isParsedHere(lazy)).toBe(false);
    expect(pointerAt(lazy, text.indexOf('nginx'))).toBe('/containers/web/image');
    expect(isParsedHere(lazy)).toBe(true);
    const doc = lazy.doc;
    expect(lazy.doc).toBe(doc);
    expect(lazy.lines.position(text.indexOf('web')).line).toBe(5);
    expect(isParsedHere(parsed)).toBe(true);
  });
});
