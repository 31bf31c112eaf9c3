import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCpu, readMemory } from './units';

// The patterns are read from the schema file itself, so that the inputs can never drift from it.
const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/score-v1b1.json');
const amounts = JSON.parse(readFileSync(schemaFile, 'utf8')).$defs.computeAmounts.properties;
const cpuPattern = new RegExp(amounts.cpu.pattern as string);
const memoryPattern = new RegExp(amounts.memory.pattern as string);

const amountText = fc.string({
  unit: fc.constantFrom(...'0123456789.mKMGTPEi -+e'.split('')),
  maxLength: 8,
});

describe('CPU amounts', () => {
  it('accepts exactly what the schema accepts', () => {
    fc.assert(
      fc.property(amountText, (t) => readCpu(t).valid === cpuPattern.test(t)),
      { numRuns: 3000 },
    );
  });

  it('says what an amount means', () => {
    expect(readCpu('250m')).toMatchObject({ valid: true, value: 0.25, meaning: '0.25 CPU' });
    expect(readCpu('2')).toMatchObject({ valid: true, value: 2 });
    expect(readCpu('0.5')).toMatchObject({ valid: true, value: 0.5 });
  });

  it('rejects what the spec rejects', () => {
    for (const bad of ['1.5m', '.5', '1.', '-1', '1 ', 'one', '']) expect(readCpu(bad).valid, bad).toBe(false);
  });
});

describe('memory amounts', () => {
  it('accepts exactly what the schema accepts', () => {
    fc.assert(
      fc.property(amountText, (t) => readMemory(t).valid === memoryPattern.test(t)),
      { numRuns: 3000 },
    );
  });

  it('reads decimal and binary units', () => {
    expect(readMemory('512Mi')).toMatchObject({ valid: true, value: 512 * 1024 * 1024 });
    expect(readMemory('1.5G')).toMatchObject({ valid: true, value: 1.5e9 });
    expect(readMemory('128')).toMatchObject({ valid: true, value: 128, meaning: '128 bytes' });
    const mi = readMemory('512Mi');
    expect(mi.valid && mi.meaning).toBe('536,870,912 bytes (512 MiB)');
  });

  it('rejects what the spec rejects', () => {
    for (const bad of ['0', '01', '12X', '1mi', '512 Mi', '1e3', '', 'Gi'])
      expect(readMemory(bad).valid, bad).toBe(false);
  });
});
