import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { comments, regionOf } from '../../../test/support/edit-regions';
import { builtinCatalog } from '../catalog/catalog';
import { isRefusal } from '../commands/command';
import { applyEdits } from '../document/edits';
import { modelCommand, type Json } from '../../../test/support/fidelity-model';
import { runCommand } from '../commands/registry';
import type { Diagnostic, DiagnosticCode } from '../diagnostics';
import { parseWorkloadText } from '../document/parse';
import { validateText, type ValidationReport } from '../validate';
import { fixAllFor, fixAllOffers, fixesFor, type QuickFix } from './index';

/**
 * The property the issue asks of quick fixes: on workloads with problems put in at random (through
 * the commands, so that every document keeps its own style), each fix offered
 *  (1) removes its problem (fewer problems of its code at its place),
 *  (2) adds no error (no code has more errors than before),
 *  (3) changes only the bytes it must: its value is what the command model computes, its edits lie
 *      inside the nodes the model says the command touches, and comments elsewhere stay.
 * Fixes are asked for with `verify: false`: the planners must keep the promise on their own, not by
 * the check that drops the fixes that would not.
 */

const catalog = builtinCatalog();

const documents: string[] = [
  `# The shop
apiVersion: score.dev/v1b1
metadata:
  name: shop # trailing
  team: web
containers:
  # front end
  web:
    image: nginx:1.27 # pinned
    variables:
      GREETING: 'hello'
      DB_HOST: \${resources.db.host}
    resources:
      limits:
        memory: 256Mi
  worker:
    image: busybox
    args: ["--once"]
service:
  ports:
    www:
      port: 80
      targetPort: 8080
resources:
  db:
    type: postgres
  data:
    type: volume
# end
`,
  `apiVersion: "score.dev/v1b1"
metadata:
    name: "four"
containers:
    main:
        image: "ghcr.io/acme/main:1.0"
        variables:
            MODE: "production"
    side:
        image: "busybox"
        readinessProbe:
            exec:
                command: ["true"]
resources:
    cache:
        type: "redis"
`,
  '{\n  "apiVersion": "score.dev/v1b1",\n  "metadata": {"name": "json"},\n  "containers": {\n    "app": {"image": "x", "variables": {"A": "1"}},\n    "sidecar": {"image": "y"}\n  },\n  "resources": {"bus": {"type": "amqp"}}\n}\n',
  'apiVersion: score.dev/v1b1\r\nmetadata:\r\n  name: crlf\r\ncontainers:\r\n  a:\r\n    image: one\r\n  b:\r\n    image: two\r\n',
  `apiVersion: score.dev/v1b1
metadata: {name: flowy}
containers:
  web: {image: nginx, variables: {X: "1"}}
  job:
    image: alpine
    command: [sh, -c]
`,
];

type Value = Record<string, unknown>;
const obj = (v: unknown): Value => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Value) : {});
const names = (v: unknown): string[] => Object.keys(obj(v));

/** One problem put in through a command; `undefined` when the document has no place for it. */
type Breaker = (value: Value, pick: <T>(list: readonly T[]) => T) => { name: string; args: unknown } | undefined;

const set = (pointer: string, value: unknown) => ({ name: 'setField', args: { pointer, value } });

const breakers: Breaker[] = [
  (w, pick) =>
    set(
      `/containers/${pick(names(w.containers))}/resources/${pick(['limits', 'requests'])}/memory`,
      pick(['512mb', '1GB', '2g', '0512Mi', '.5Gi', '256 MiB', '64kb']),
    ),
  (w, pick) =>
    set(
      `/containers/${pick(names(w.containers))}/resources/limits/cpu`,
      pick(['0.5 cores', '500M', '.25', '2 cpus', '250 millicores']),
    ),
  (w, pick) =>
    set(`/containers/${pick(names(w.containers))}/variables/${pick(['PORT', 'DEBUG'])}`, pick([8080, true, 1.5])),
  (w, pick) => {
    // Each misspelt field with a value its right spelling takes (a rename is offered only then), or not.
    const [field, value] = pick<[string, unknown]>([
      ['imagee', 'x'],
      ['varibles', pick(['x', { A: 'x' }])],
      ['comand', pick(['x', ['x']])],
      ['extra', 'x'],
    ]);
    return set(`/containers/${pick(names(w.containers))}/${field}`, value);
  },
  (w, pick) => set(`/containers/${pick(['Web_App', 'API', 'my.worker'])}`, { image: 'nginx' }),
  (w, pick) => set(`/resources/${pick(['My_DB', 'Cache!'])}`, { type: 'redis' }),
  (w, pick) => set(`/service/ports/${pick(['http', 'tcp'])}`, { port: 81, protocol: pick(['tcp', 'udp', 'Tcp']) }),
  (w, pick) => set('/service/ports/alt', pick([{ targetPort: 9090 }, { port: '9091' }])),
  (w, pick) => {
    const [a, b] = [pick(names(w.containers)), pick(names(w.containers))];
    return a === b ? undefined : set(`/containers/${a}/before/${b}`, { ready: pick(['healthy', 'Started']) });
  },
  (w, pick) => {
    const a = pick(names(w.containers));
    return set(`/containers/${a}/before/${pick([a, 'wrker', `${a}x`])}`, { ready: 'started' });
  },
  (w, pick) => {
    const [a, b] = [pick(names(w.containers)), pick(names(w.containers))];
    if (a === b) return undefined;
    return {
      name: 'runSteps',
      args: {
        steps: [
          set(`/containers/${a}/before/${b}`, { ready: 'started' }),
          set(`/containers/${b}/before/${a}`, { ready: 'started' }),
        ],
      },
    };
  },
  (w, pick) =>
    set(
      `/containers/${pick(names(w.containers))}/variables/${pick(['URL', 'HOST'])}`,
      pick(['${resources.db2.host}', 'x ${resources.queue.host}:${resources.queue.port}', '${resources.env.HOME}']),
    ),
  (w, pick) => {
    const r = pick(names(w.resources));
    if (r === undefined) return undefined;
    return set(
      `/containers/${pick(names(w.containers))}/variables/REF`,
      pick([`\${resource.${r}.host}`, `\${resources.${r}X.host}`]),
    );
  },
  (w, pick) =>
    set(
      `/containers/${pick(names(w.containers))}/variables/META`,
      pick(['${metadata.nmae}', '${metadat.name}', 'a ${b']),
    ),
  (w, pick) =>
    set(`/containers/${pick(names(w.containers))}/volumes`, [
      { target: '/data', source: '${resources.data}' },
      { source: '${resources.data}', path: 'sub', target: '/sub' },
    ]),
  (w, pick) =>
    set(
      `/containers/${pick(names(w.containers))}/files`,
      pick([
        [{ target: '/etc/a.conf', content: 'a', mode: 'rw-r--r--' }],
        { '/etc/b': { content: 'b', target: '/etc/b', mode: pick(['0200', '0o644']) } },
      ]),
    ),
  (w, pick) => {
    const c = pick(names(w.containers));
    return {
      name: 'runSteps',
      args: {
        steps: [
          set(`/containers/${c}/resources/limits/memory`, '256Mi'),
          set(`/containers/${c}/resources/requests/memory`, '1Gi'),
        ],
      },
    };
  },
  (w, pick) =>
    pick([
      set('/apiVersion', 'score.dev/v1beta1'),
      { name: 'unsetField', args: { pointer: '/apiVersion' } },
      set('/metadata/name', 'My Shop'),
    ]),
  (w, pick) => set(`/metadata/annotations/${pick(['bad key!', 'Example.com/x y'])}`, 'v'),
  (w, pick) => {
    const r = pick(names(w.resources));
    return r === undefined
      ? undefined
      : set(`/resources/${r}/${pick(['id', 'type'])}`, pick(['Shared.DB', 'postgress', 'redsi']));
  },
];

interface Tally {
  offered: number;
  fixAll: number;
}
const tally = new Map<string, Tally>();
afterAll(() => {
  const rows = [...tally].sort().map(([kind, t]) => `${kind} ${t.offered}${t.fixAll ? `+${t.fixAll} all` : ''}`);
  console.info(`[quick fixes] offered per kind: ${rows.join(', ')}`);
});
function count(kind: string, field: keyof Tally): void {
  const t = tally.get(kind) ?? { offered: 0, fixAll: 0 };
  t[field]++;
  tally.set(kind, t);
}

/** Errors per code. */
function errors(list: readonly Diagnostic[]): Map<DiagnosticCode, number> {
  const out = new Map<DiagnosticCode, number>();
  for (const d of list) if (d.severity === 'error') out.set(d.code, (out.get(d.code) ?? 0) + 1);
  return out;
}

/** Properties (1)–(3) for one fix of `report`. */
function holds(report: ValidationReport, fix: QuickFix): void {
  const text = report.parsed.text;
  const label = `${fix.title} [${fix.command} ${JSON.stringify(fix.args)}]\n--- on ---\n${text}`;
  const result = runCommand(fix.command, text, fix.args);
  if (isRefusal(result)) throw new Error(`an offered fix was refused: ${result.error}\n${label}`);
  expect(result.text, label).toBe(fix.preview?.text);
  const after = validateText(result.text, { catalog });
  // (1) the problem is gone
  for (const p of fix.problems) {
    const at = (list: readonly Diagnostic[]) => list.filter((d) => d.code === p.code && d.path === p.path).length;
    expect(
      at(after.diagnostics),
      `${p.code} at ${p.path} still there after ${label}\n--- got ---\n${result.text}`,
    ).toBeLessThan(at(report.diagnostics));
  }
  // (2) no error more
  const was = errors(report.diagnostics);
  for (const [code, n] of errors(after.diagnostics)) {
    expect(n, `${code} added by ${label}\n--- got ---\n${result.text}`).toBeLessThanOrEqual(was.get(code) ?? 0);
  }
  // (3) only the bytes it must: the model's value, edits inside the touched nodes, comments kept
  const expected = modelCommand(fix.command, report.parsed.value as Json, fix.args);
  if (expected.refuse) throw new Error(`the model refuses ${label}`);
  expect(after.parsed.value, `${label}\n--- got ---\n${result.text}`).toEqual(expected.value);
  expect(applyEdits(text, result.edits)).toBe(result.text);
  const regions = expected.touched.map((p) => regionOf(report.parsed, p));
  for (const e of result.edits) {
    expect(
      regions.some(([a, b]) => e.start >= a && e.end <= b),
      `edit ${JSON.stringify(e)} outside ${JSON.stringify(expected.touched)} in ${label}\n--- got ---\n${result.text}`,
    ).toBe(true);
  }
  const now = comments(result.text, []);
  for (const c of comments(text, result.edits)) expect(now, label).toContain(c);
}

/** A workload with problems put in by 1 to 4 breakers, drawn by seeds. */
function broken(docIndex: number, seeds: number[]): string {
  let text = documents[docIndex % documents.length]!;
  for (let i = 0; i < seeds.length; i++) {
    // The breaker is the seed's remainder; its choices come from the rest of the seed.
    let n = Math.floor(seeds[i]! / breakers.length);
    const pick = <T>(list: readonly T[]): T => list[(n = (n * 31 + 7) >>> 0) % list.length]!;
    const value = obj(parseWorkloadText(text).value);
    const step = breakers[seeds[i]! % breakers.length]!(value, pick);
    if (!step) continue;
    const result = runCommand(step.name, text, step.args);
    if (!isRefusal(result)) text = result.text;
  }
  return text;
}

/** Sized to run in a few seconds on two cores; QUICK_FIX_SCALE=10 runs ten times as many. */
const RUNS = 100 * Math.max(1, Number(process.env.QUICK_FIX_SCALE) || 1);

describe('quick fixes (property)', () => {
  it('each fix removes its problem, adds no error and changes only the bytes it must', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (docIndex, seeds) => {
        const report = validateText(broken(docIndex, seeds), { catalog });
        if (report.parsed.blocked) return;
        for (const d of report.diagnostics) {
          for (const fix of fixesFor(report, d, { catalog, verify: false })) {
            count(fix.kind, 'offered');
            holds(report, fix);
          }
        }
        for (const offer of fixAllOffers(report, { catalog })) {
          const fix = fixAllFor(report, offer.kind, { catalog, verify: false });
          if (!fix) continue;
          count(fix.kind, 'fixAll');
          holds(report, fix);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('puts in every kind of problem the breakers are meant to (the property is not vacuous)', () => {
    const seen = new Set<string>();
    // Each breaker on each document, with its first four choices.
    for (let b = 0; b < breakers.length; b++) {
      for (let doc = 0; doc < documents.length; doc++) {
        for (let k = 0; k < 4; k++) {
          const report = validateText(broken(doc, [b + breakers.length * k]), { catalog });
          for (const d of report.diagnostics) {
            for (const f of fixesFor(report, d, { catalog, verify: false })) seen.add(f.kind);
          }
        }
      }
    }
    for (const kind of [
      'memory-unit',
      'cpu-unit',
      'quote-value',
      'unquote-number',
      'enum-case',
      'api-version',
      'port-from-target',
      'file-mode',
      'resource-id',
      'rename-unknown-field',
      'remove-unknown-field',
      'remove-deprecated-target',
      'map-form',
      'valid-name',
      'healthy-to-started',
      'remove-self-start-order',
      'remove-start-order',
      'break-cycle',
      'lower-request',
      'raise-limit',
      'declare-resource',
      'rename-placeholder-resource',
      'placeholder-root',
      'placeholder-metadata-key',
      'escape-unterminated',
      'catalog-type',
    ]) {
      expect([...seen].sort(), kind).toContain(kind);
    }
  });
});
