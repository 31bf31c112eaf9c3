import { describe, expect, it } from 'vitest';
import {
  annotationKeyFrom,
  cpuQuantity,
  fileModeFrom,
  labelFrom,
  memoryQuantity,
  readableMode,
  resourceIdFrom,
} from './values';

describe('memoryQuantity', () => {
  it('writes the units of other tools as Score does (binary, as Docker reads m, mb and MB)', () => {
    expect(memoryQuantity('512mb')).toBe('512Mi');
    expect(memoryQuantity('512m')).toBe('512Mi');
    expect(memoryQuantity('512MB')).toBe('512Mi');
    expect(memoryQuantity('1 GB')).toBe('1Gi');
    expect(memoryQuantity('256 MiB')).toBe('256Mi');
    expect(memoryQuantity('64kb')).toBe('64Ki');
    expect(memoryQuantity('2g')).toBe('2Gi');
    expect(memoryQuantity('1024 bytes')).toBe('1024');
  });

  it('mends the number: no leading zeros, no bare leading dot', () => {
    expect(memoryQuantity('0512Mi')).toBe('512Mi');
    expect(memoryQuantity('.5Gi')).toBe('0.5Gi');
    expect(memoryQuantity('1.5G')).toBe('1.5G');
  });

  it('gives nothing where the intent is unclear', () => {
    for (const unclear of ['lots', '512 megs', '1,5Gi', '-1Gi', '5.Gi', '', '0', '1e3']) {
      expect(memoryQuantity(unclear), unclear).toBeUndefined();
    }
  });
});

describe('cpuQuantity', () => {
  it('writes CPUs and thousandths of a CPU as Score does', () => {
    expect(cpuQuantity('0.5 cores')).toBe('0.5');
    expect(cpuQuantity('2 cpus')).toBe('2');
    expect(cpuQuantity('1 vCPU')).toBe('1');
    expect(cpuQuantity('500M')).toBe('500m');
    expect(cpuQuantity('250 millicores')).toBe('250m');
    expect(cpuQuantity('.25')).toBe('0.25');
  });

  it('gives nothing for what is not a CPU amount', () => {
    for (const unclear of ['half', '50%', '0.5m', '2 GHz', '']) expect(cpuQuantity(unclear), unclear).toBeUndefined();
  });
});

describe('labelFrom', () => {
  it('makes a valid name from the one written, away from the names taken', () => {
    expect(labelFrom('Web_App', new Set())).toBe('web-app');
    expect(labelFrom('My Shop!', new Set())).toBe('my-shop');
    expect(labelFrom('-api-', new Set())).toBe('api');
    expect(labelFrom('Web_App', new Set(['web-app']))).toBe('web-app-2');
    expect(labelFrom('Web_App', new Set(['web-app', 'web-app-2']))).toBe('web-app-3');
    expect(labelFrom('x'.repeat(70), new Set())).toBe('x'.repeat(63));
    expect(labelFrom('x'.repeat(70), new Set(['x'.repeat(63)]))).toBe('x'.repeat(61) + '-2');
  });

  it('gives nothing when fewer than two letters or digits are left', () => {
    expect(labelFrom('A', new Set())).toBeUndefined();
    expect(labelFrom('__', new Set())).toBeUndefined();
  });
});

describe('other values', () => {
  it('annotation keys, resource ids and file modes', () => {
    expect(annotationKeyFrom('bad key!')).toBe('bad-key');
    expect(annotationKeyFrom('Example.com/x y')).toBe('example.com/x-y');
    expect(annotationKeyFrom('!!')).toBeUndefined();
    expect(resourceIdFrom('Shared.Main_DB')).toBe('shared.main-db');
    expect(resourceIdFrom('..')).toBeUndefined();
    expect(fileModeFrom('0o644')).toBe('0644');
    expect(fileModeFrom('rw-r--r--')).toBe('0644');
    expect(fileModeFrom('-rwxr-x---')).toBe('0750');
    expect(fileModeFrom('rwz')).toBeUndefined();
    expect(readableMode('0200')).toBe('0600');
    expect(readableMode('044')).toBe('444');
    expect(readableMode('9')).toBeUndefined();
  });
});
