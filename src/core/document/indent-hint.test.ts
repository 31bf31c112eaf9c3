import { describe, expect, it } from 'vitest';
import { parseWorkloadText } from './parse';

/**
 * Issue 39, item 6: a key indented one column too far was reported lines below it, at the next key
 * of its mapping (the library takes the first key's column as the mapping's). The error is said at
 * the key that is out of place.
 */
const workload = (worker: string) => `# Shop: the web front end and its worker
apiVersion: score.dev/v1b1
metadata:
  name: shop
  annotations:
    team: web
containers:
  web:
    image: nginx:1.27
    command:
      - /bin/sh
      - -c
    variables:
      DB_HOST: \${resources.db.host}
      DB_PORT: "\${resources.db.port}"
    files:
      /etc/nginx/conf.d/default.conf:
        content: |
          server {
            listen 80;
          }
    livenessProbe:
      httpGet:
        port: 80
        path: /healthz
${worker}
    image: busybox
    args:
      - --queue=\${resources.queue.name}
    before:
      web:
        ready: started
  cron:
    image: busybox
resources:
  db:
    type: postgres
  queue:
    type: amqp
`;

describe('a mis-indented key', () => {
  const errorsOf = (text: string) => parseWorkloadText(text).syntax.filter((d) => d.severity === 'error');

  it('indented less than its neighbours, is the place of the error, not the next key (line 33)', () => {
    const errors = errorsOf(workload('worker:')); // line 26, at column 0 between "  web:" and "  cron:"
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'SYNTAX_ERROR', range: { line: 26, column: 1, endColumn: 7 } });
    expect(errors[0]!.message).toBe(
      '"worker" is indented by 0 spaces, and the entries of its mapping around it by 2 ("web" (line 8) and "cron" (line 33)): indent it by 2, as they are.',
    );
  });

  it('first of its mapping and indented further than the keys after it, is the place of the error', () => {
    const text = workload('  worker:').replace('\n  web:\n', '\n   web:\n'); // line 8
    const errors = errorsOf(text);
    expect(errors[0]).toMatchObject({ code: 'SYNTAX_ERROR', range: { line: 8, column: 4 } });
    expect(errors[0]!.message).toMatch(/^"web" is indented by 3 spaces, and the entries of its mapping around it by 2/);
    expect(errors.filter((d) => d.range.line === 26)).toEqual([]);
  });

  it('leaves well-indented files, and errors it cannot tell apart, as the library reports them', () => {
    expect(errorsOf(workload('  worker:'))).toEqual([]);
    // One key each side: which one is out of place cannot be told; the library's place stays.
    const text = workload('  worker:').replace('\n  queue:\n', '\n queue:\n');
    expect(errorsOf(text).some((d) => /is indented by/.test(d.message))).toBe(false);
    expect(errorsOf(workload('  worker: [')).some((d) => /is indented by/.test(d.message))).toBe(false);
  });
});
