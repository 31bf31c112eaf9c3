import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../core/document/parse';
import { decodeWorkloadBytes, readWorkloadFile, readWorkloadText } from './open-file';

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
      expect(!reading.ok && reading.message).toMatch(message);
    }
  });

  it('refuses binary data with a plain message', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const nul = utf8('apiVersion: score.dev/v1b1\n\u0000\n');
    for (const bytes of [png, nul, new Uint8Array([0xc3, 0x28])]) {
      const reading = decodeWorkloadBytes(bytes);
      expect(reading.ok).toBe(false);
      expect(!reading.ok && reading.message).toMatch(/not a text file/);
    }
    expect(readWorkloadText('a\u0001b').ok).toBe(false);
  });

  it('refuses a file too large to be a workload without reading it', async () => {
    const huge = { size: MAX_TEXT_LENGTH + 1, arrayBuffer: () => Promise.reject(new Error('must not be read')) };
    const reading = await readWorkloadFile(huge as unknown as Blob);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toMatch(/MB/);
    expect(await readWorkloadFile(new Blob([workload]))).toEqual({ ok: true, text: workload });
  });
});
