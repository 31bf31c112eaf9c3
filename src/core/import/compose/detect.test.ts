import { describe, expect, it } from 'vitest';
import { looksLikeCompose } from './detect';

describe('a Docker Compose file opened as a workload', () => {
  it('is told by its top-level services and no apiVersion', () => {
    expect(looksLikeCompose('services:\n  web:\n    image: nginx\n')).toBe(true);
    expect(looksLikeCompose('name: shop\n"services":\n  web: {image: nginx}\n')).toBe(true);
    expect(looksLikeCompose('# a comment\nversion: "3.8"\nservices: {}\n')).toBe(true);
  });

  it('is not a Score workload, nor a file that only mentions services further in', () => {
    expect(looksLikeCompose('apiVersion: score.dev/v1b1\nservices:\n  x: 1\n')).toBe(false);
    expect(
      looksLikeCompose('apiVersion: score.dev/v1b1\nmetadata:\n  name: a\ncontainers:\n  services:\n    image: x\n'),
    ).toBe(false);
    expect(looksLikeCompose('')).toBe(false);
    expect(looksLikeCompose('  services:\n')).toBe(false);
  });
});
