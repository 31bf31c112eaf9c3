import { describe, expect, it } from 'vitest';
import { convertProbes } from './healthcheck';

describe('probes → healthcheck', () => {
  it('converts exec probes, readiness first', () => {
    const out = convertProbes('c', { exec: { command: ['ready'] } }, { exec: { command: ['live'] } });
    expect(out).toEqual({
      healthcheck: new Map<string, unknown>([
        ['test', ['CMD', 'ready']],
        ['timeout', '5s'],
        ['interval', '5s'],
      ]),
      warnings: [],
    });
    expect(convertProbes('c', undefined, { exec: { command: ['live'] } })).toMatchObject({
      healthcheck: new Map<string, unknown>([
        ['test', ['CMD', 'live']],
        ['timeout', '5s'],
        ['interval', '5s'],
      ]),
    });
  });

  it('warns about httpGet, and about the exec liveness probe it hides', () => {
    const out = convertProbes('c', { httpGet: { path: '/', port: 80 } }, { exec: { command: ['live'] } });
    expect(out).toMatchObject({
      warnings: [
        expect.stringContaining('httpGet container probe: not supported - ignoring'),
        expect.stringContaining('livenessProbe'),
      ],
    });
    expect('healthcheck' in out && out.healthcheck).toBeFalsy();
  });

  it('refuses an empty exec command', () => {
    expect(convertProbes('c', { exec: { command: [] } }, undefined)).toEqual({
      error: 'containers.c.readinessProbe: exec command is empty',
    });
  });
});
