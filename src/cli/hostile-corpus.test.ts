import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileCorpus } from '../../test/support/hostile-corpus';
import { validateText } from '../core/validate';
import { run } from './main';
import { terminalStream } from './terminal';

/**
 * #39's hostile corpus, through the CLI's own code (`run`, with the terminal's escaping, as
 * bin/score-designer.mjs runs it; in this process, so that 300 files take seconds, not minutes) and
 * through the core: every file ends with exit 0, 1 or 2, and no message says `undefined` or `NaN`,
 * shows a stack trace or an internal error, or holds a raw control character.
 */
const corpus = hostileCorpus();
const dir = mkdtempSync(path.join(tmpdir(), 'score-designer-corpus-'));
beforeAll(() => {
  for (const file of corpus) writeFileSync(path.join(dir, file.name), file.bytes);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a message must not hold: JS's words for a missing value, a stack, a raw control character. */
function defects(output: string): string[] {
  const found: string[] = [];
  if (/\bundefined\b/.test(output)) found.push('says "undefined"');
  if (/\bNaN\b/.test(output)) found.push('says "NaN"');
  if (/internal error|\n\s+at [^\n]*:\d+:\d+/.test(output)) found.push('shows an internal error or a stack trace');
  // eslint-disable-next-line no-control-regex
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.exec(output);
  if (raw) found.push(`holds the raw control character U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')}`);
  return found;
}

async function cli(args: string[]): Promise<{ status: number; output: string }> {
  let output = '';
  const sink = terminalStream({ write: (text: string) => (output += text) });
  const status = await run(args, { stdin: Readable.from([]), stdout: sink, stderr: sink });
  return { status, output };
}

describe('the hostile corpus', () => {
  it('has at least 250 files, the same on every run', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(250);
    const again = hostileCorpus();
    expect(again.map((f) => f.name)).toEqual(corpus.map((f) => f.name));
    expect(again.every((f, i) => Buffer.from(f.bytes).equals(Buffer.from(corpus[i]!.bytes)))).toBe(true);
    expect(new Set(corpus.map((f) => f.name)).size).toBe(corpus.length);
  });

  it.each(['validate', 'compose'])(
    '%s: exit 0, 1 or 2 and plain messages for every file',
    async (command) => {
      const failures: string[] = [];
      for (const file of corpus) {
        const args =
          command === 'compose'
            ? ['compose', '-o', '-', path.join(dir, file.name)]
            : ['validate', path.join(dir, file.name)];
        const { status, output } = await cli(args);
        // Compose's output is the project itself: its file names and values may hold anything the workload held.
        const messages = command === 'compose' && status === 0 ? '' : output;
        const wrong = [...([0, 1, 2].includes(status) ? [] : [`exit ${status}`]), ...defects(messages)];
        if (wrong.length > 0) failures.push(`${file.name}: ${wrong.join(', ')}\n${messages.slice(0, 400)}`);
      }
      expect(failures).toEqual([]);
    },
    600_000,
  );

  it('the core reads every file without throwing, and says nothing it should not', () => {
    const failures: string[] = [];
    for (const file of corpus) {
      const text = new TextDecoder().decode(file.bytes);
      try {
        const report = validateText(text);
        // The core's messages quote names as given (control characters and all): the CLI escapes them.
        const wrong = report.diagnostics.flatMap((d) => defects(d.message).filter((w) => !w.includes('control')));
        if (wrong.length > 0) failures.push(`${file.name}: ${wrong.join(', ')}`);
      } catch (error) {
        failures.push(`${file.name}: threw ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
