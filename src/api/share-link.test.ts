import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import lz from 'lz-string';
import { MAX_TEXT_LENGTH } from '../core/document/parse';
import { compressToEncodedURIComponentFast } from '../../test/support/lz-fast';
import { sampleText } from './repository-suite';
import { encodeSharedText, MAX_SHARE_URL_LENGTH, readShareLink, shareLinkFor } from './share-link';

const page = 'https://designer.example.com/app/?view=graph#old-fragment';
/** Any UTF-16 code unit, lone surrogates included: a link must carry whatever string the editor holds. */
const anyCodeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });

function roundTrip(text: string): string | undefined {
  const link = shareLinkFor(text, page);
  if (!link.ok) throw new Error(link.message);
  const shared = readShareLink(link.url);
  return shared?.ok ? shared.text : undefined;
}

describe('share links', () => {
  it('give back any unicode text byte for byte', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => roundTrip(text) === text));
  });

  it('give back any string of UTF-16 code units, lone surrogates included', () => {
    fc.assert(fc.property(anyCodeUnits, (text) => roundTrip(text) === text));
  });

  it('give back a real workload with its comments, and the empty text', () => {
    for (const text of [sampleText('web-shop'), sampleText('crlf').replace(/\n/g, '\r\n'), '', '\n', '#']) {
      expect(roundTrip(text)).toBe(text);
    }
  });

  it('point at the same page, with only the fragment replaced, in URL-safe characters', () => {
    const link = shareLinkFor(sampleText('web-shop'), page);
    expect(link.ok).toBe(true);
    if (!link.ok) return;
    expect(link.url.startsWith('https://designer.example.com/app/?view=graph#score=')).toBe(true);
    expect(link.url.slice(link.url.indexOf('#') + 1)).toMatch(/^score=[A-Za-z0-9+\-$]+$/);
    expect(new URL(link.url).hash).toBe(link.url.slice(link.url.indexOf('#')));
  });

  /** Text that does not compress: pseudo-random printable characters. */
  function noise(length: number): string {
    let seed = 42;
    return Array.from({ length }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(33 + (seed % 90));
    }).join('');
  }

  it(`refuse a workload whose link would pass ${MAX_SHARE_URL_LENGTH} characters, with a message`, () => {
    const link = shareLinkFor(noise(40_000), page);
    expect(link.ok).toBe(false);
    if (link.ok) return;
    expect(link.message).toContain('too big for a share link');
    expect(link.message).toContain('32,000');
    expect(link.message).toContain('Export score.yaml');
  });

  it('accept the largest text that fits, and refuse the next size up', () => {
    const text = noise(40_000);
    let fits = 0;
    let fails = text.length;
    while (fails - fits > 1) {
      const middle = Math.floor((fits + fails) / 2);
      if (shareLinkFor(text.slice(0, middle), page).ok) fits = middle;
      else fails = middle;
    }
    const last = shareLinkFor(text.slice(0, fits), page);
    expect(last.ok && last.url.length <= MAX_SHARE_URL_LENGTH && last.url.length > MAX_SHARE_URL_LENGTH - 10).toBe(
      true,
    );
    expect(shareLinkFor(text.slice(0, fails), page).ok).toBe(false);
  });

  it('never open a cut-off link as some other text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }), fc.nat(), (text, at) => {
        const payload = encodeSharedText(text);
        const cut = payload.slice(0, at % payload.length);
        const shared = readShareLink(`${page.split('#')[0]}#score=${cut}`);
        // Cutting only the last character's padding bits loses nothing; any other cut must be refused.
        if (shared?.ok) return shared.text === text;
        return shared !== undefined && /damaged or incomplete/.test(shared.message);
      }),
    );
  });

  it('open a link whose payload an app percent-encoded', () => {
    const link = shareLinkFor(sampleText('web-shop'), page);
    if (!link.ok) throw new Error(link.message);
    const encoded = link.url.replace(/\$/g, '%24').replace(/\+/g, '%2B');
    expect(readShareLink(encoded)).toEqual({ ok: true, text: sampleText('web-shop') });
  });

  it('call a link whose text is too large to be a workload too large, with the limit, not damaged', () => {
    // The helper is lz-string's compressor, made fast for long texts: the same output on any text.
    for (const sample of ['', 'a', 'abab', 'aaaaaaaaaaaaaaaaaaaa', '3\n\u20ac\u20ac\u20ac', sampleText('web-shop')])
      expect(compressToEncodedURIComponentFast(sample)).toBe(lz.compressToEncodedURIComponent(sample));
    fc.assert(
      fc.property(anyCodeUnits, (sample) => {
        expect(compressToEncodedURIComponentFast(sample)).toBe(lz.compressToEncodedURIComponent(sample));
      }),
    );
    const huge = MAX_TEXT_LENGTH + 1;
    const payload = compressToEncodedURIComponentFast(`${huge}\n${'a'.repeat(huge)}`);
    expect(payload.length).toBeLessThan(MAX_SHARE_URL_LENGTH);
    const shared = readShareLink(`#score=${payload}`);
    expect(shared).toMatchObject({ ok: false, message: expect.stringMatching(/16,777,217 characters.*under 16 MB/) });
    expect(shared && !shared.ok && shared.message).not.toMatch(/damaged/);
  });

  it('find nothing in an ordinary address, and refuse a payload longer than any link made here', () => {
    expect(readShareLink('https://designer.example.com/app/')).toBeUndefined();
    expect(readShareLink('#section-2')).toBeUndefined();
    expect(readShareLink('#scores=abc')).toBeUndefined();
    expect(readShareLink('#score=' + 'A'.repeat(MAX_SHARE_URL_LENGTH + 1))).toMatchObject({ ok: false });
    expect(readShareLink('#score=')).toMatchObject({ ok: false });
  });
});
