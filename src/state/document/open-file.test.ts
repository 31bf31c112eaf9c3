import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../../core/document/parse';
import { readWorkloadFile, readWorkloadText } from './open-file';
import { decodeWorkloadBytes } from './read-file';

const workload = 'apiVersion: score.dev/v1b1\nmetadata:\n  name: café\ncontainers:\n  web:\n    image: nginx\n';
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('opening a file', () => {
  it('reads UTF-8, with or without a byte order mark', () => {
    expect(decodeWorkloadBytes(utf8(workload))).toEqual({ ok: true, text: workload });
    expect(decodeWorkloadBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(workload)]))).toEqual({
      ok: true,
      text: workload,
    });
  });

  it('reads UTF-16 when a byte order mark says so', () => {
    const le = new Uint8Array(2 + workload.length * 2);
    le.set([0xff, 0xfe]);
    for (let i = 0; i < workload.length; i++) le[2 + 2 * i] = workload.charCodeAt(i);
    expect(decodeWorkloadBytes(le)).toEqual({ ok: true, text: workload });
  });

  it('opens a workload with mistakes, even unreadable YAML, so that the user can fix it', () => {
    for (const text of [
      'apiVersion: score.dev/v1b1\nmetadata: [broken\n',
      'containers: {}',
      'apiVersion: score.dev/v1b2\n',
      '{"apiVersion": "score.dev/v1b1", "containers": {"web": {}}}',
    ]) {
      expect(decodeWorkloadBytes(utf8(text))).toEqual({ ok: true, text });
    }
  });

  it('refuses text that is plainly no Score workload, saying what it is', () => {
    const cases: Array<[string, RegExp]> = [
      ['- a\n- list\n', /a list/],
      ['just a sentence', /a single value/],
      ['', /empty/],
      ['services:\n  web:\n    image: nginx\n', /neither apiVersion nor containers/],
      ['apiVersion: apps/v1\nkind: Deployment\n', /"apps\/v1" is not a Score version/],
      ['just: [broken', /not readable YAML/],
    ];
    for (const [text, message] of cases) {
      const reading = readWorkloadText(text);
      expect(reading.ok, text).toBe(false);
      // Only the Compose file carries its text, for the app to offer its import.
      if (!reading.ok) expect(reading.compose !== undefined, text).toBe(text.startsWith('services:'));
      expect(!reading.ok && reading.message).toMatch(message);
    }
  });

  it('refuses binary data with a plain message', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const nul = utf8('apiVersion: score.dev/v1b1\n\u0000\n');
    for (const bytes of [png, nul]) {
      const reading = decodeWorkloadBytes(bytes);
      expect(reading.ok).toBe(false);
      expect(!reading.ok && reading.message).toMatch(/not a text file/);
    }
    expect(readWorkloadText('a\u0001b').ok).toBe(false);
  });

  it('says which encoding text in another one may be in, rather than calling it binary', () => {
    const latin1 = new Uint8Array([...utf8(workload)].flatMap((b) => (b === 0xc3 ? [] : b === 0xa9 ? [0xe9] : [b])));
    const latin = decodeWorkloadBytes(latin1);
    expect(!latin.ok && latin.message).toMatch(/not UTF-8 text \(perhaps Latin-1/);
    const le = new Uint8Array(workload.length * 2);
    for (let i = 0; i < workload.length; i++) le[2 * i] = workload.charCodeAt(i) & 0xff;
    const be = new Uint8Array(workload.length * 2);
    for (let i = 0; i < workload.length; i++) be[2 * i + 1] = workload.charCodeAt(i) & 0xff;
    for (const bytes of [le, be]) {
      const reading = decodeWorkloadBytes(bytes);
      expect(!reading.ok && reading.message).toMatch(/UTF-16 text without a byte-order mark/);
    }
  });

  it('opens a valid UTF-8 file holding U+FFFD, which is a character, not binary data', () => {
    const text = workload.replace('café', 'caf\ufffd');
    expect(decodeWorkloadBytes(utf8(text))).toEqual({ ok: true, text });
    expect(readWorkloadText(text)).toEqual({ ok: true, text });
  });

  it('names UTF-32 as UTF-32, not UTF-16', () => {
    const le = new Uint8Array(4 + workload.length * 4);
    le.set([0xff, 0xfe, 0, 0]);
    for (let i = 0; i < workload.length; i++) le[4 + 4 * i] = workload.charCodeAt(i) & 0xff;
    const be = new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x61]);
    const [little, big] = [decodeWorkloadBytes(le), decodeWorkloadBytes(be)];
    expect(!little.ok && little.message).toMatch(/UTF-32 \(little-endian\)/);
    expect(!big.ok && big.message).toMatch(/UTF-32 \(big-endian\)/);
  });

  it('makes classic Mac line ends (a carriage return alone) line feeds, and says so', () => {
    const mac = workload.replace(/\n/g, '\r');
    const reading = decodeWorkloadBytes(utf8(mac));
    expect(reading).toEqual({ ok: true, text: workload, note: expect.stringMatching(/carriage returns alone/) });
    // CRLF is kept as it is.
    const crlf = workload.replace(/\n/g, '\r\n');
    expect(readWorkloadText(crlf)).toEqual({ ok: true, text: crlf });
  });

  it('refuses a file too large to be a workload without reading it', async () => {
    const huge = { size: MAX_TEXT_LENGTH + 1, arrayBuffer: () => Promise.reject(new Error('must not be read')) };
    const reading = await readWorkloadFile(huge as unknown as Blob);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toMatch(/MB/);
    expect(await readWorkloadFile(new Blob([workload]))).toEqual({ ok: true, text: workload });
  });
});
