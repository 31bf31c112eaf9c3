import { describe, expect, it } from 'vitest';
import { validateWorkload, validationError } from './score-validate';
import { toWorkload, upgradeWorkload } from './workload';

const workload = (spec: Record<string, unknown>) =>
  toWorkload(upgradeWorkload({ metadata: { name: 'w' }, ...spec }), 'f');

describe("score-go's loader.Validate", () => {
  it('accepts sound placeholders and before entries', () => {
    expect(
      validateWorkload(
        workload({
          containers: {
            a: {
              image: 'x',
              variables: { X: '${resources.db.host} ${metadata.name} $${esc}' },
              before: { b: { ready: 'started' } },
            },
            b: { image: 'y' },
          },
          resources: { db: { type: 'postgres' } },
        }),
      ),
    ).toEqual([]);
  });

  it('words placeholder problems as score-go does', () => {
    const messages = validateWorkload(
      workload({
        containers: { a: { image: 'x', variables: { A: '${resources.nope.x}', B: '${other.x}', C: '${single}' } } },
      }),
    );
    expect(messages).toEqual([
      'placeholder ${other.x} has unsupported first element of "other"',
      'placeholder ${resources.nope.x} does not resolve to a resource, no resource with name "nope"',
      'placeholder ${single} is malformed, must contain at least two elements separated by ".", each element must be alphanumeric or contain "_" or "-"',
    ]);
  });

  it('finds unknown, self and cyclic before entries', () => {
    expect(
      validateWorkload(
        workload({ containers: { a: { image: 'x', before: { a: { ready: 'started' }, z: { ready: 'started' } } } } }),
      ),
    ).toEqual([
      'container "a" has a self-referencing before entry',
      'container "a" before refers to unknown container "z"',
    ]);
    expect(
      validateWorkload(
        workload({
          containers: {
            a: { image: 'x', before: { b: { ready: 'started' } } },
            b: { image: 'y', before: { a: { ready: 'started' } } },
          },
        }),
      ),
    ).toEqual(['containers before relationships contain a cycle']);
  });

  it('prints the whole error with its prefix', () => {
    expect(validationError('w', ['one', 'two'])).toBe(
      "validation errors in workload 'w': validating workload:\n    one\n    two",
    );
  });
});
