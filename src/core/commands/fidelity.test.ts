import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { comments, regionOf, sharedPointers } from '../../../test/support/edit-regions';
import { parseWorkloadText, type ParsedDocument } from '../document/parse';
import { toPointer } from '../document/pointer';
import { applyEdits } from '../document/edits';
import { isRefusal } from './command';
import { modelCommand, pairsLists, type Json } from '../../../test/support/fidelity-model';
import { commands, runCommand, type CommandName } from './registry';

/**
 * Fidelity properties: random sequences of commands, with arguments drawn from the document, on every
 * sample workload and on hand-written documents with comments, blank lines, anchors, flow maps, quoted
 * keys, CRLF and JSON. After each command:
 *  (a) the text parses without errors;
 *  (b) its value equals what a model of the command computes on plain JS data;
 *  (c) the edits reproduce the new text, and every edit lies inside the nodes the model says the
 *      command touches (the entry's lines, with its comments), so every other byte is unchanged;
 *  (d) the comments outside the edits are all still there.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const samplesDir = path.resolve(repoRoot, '../shared/reference/score-samples');
const haveSamples = existsSync(samplesDir);
if (!haveSamples) console.warn(`[fidelity] ${samplesDir} is absent: the sample-file properties are skipped.`);

/** The derived schema cases are a test table, not a workload: their documents are used instead. */
const DERIVED = /DERIVED\.json$/;

const samples: Array<[string, string]> = haveSamples
  ? readdirSync(samplesDir)
      .filter((f) => /\.(ya?ml|json)$/.test(f) && !DERIVED.test(f))
      .sort()
      .map((f): [string, string] => [f, readFileSync(path.join(samplesDir, f), 'utf8')])
  : [];

/** Each derived case's document (a mutation of a valid workload), written as JSON and YAML by turns. */
const derived: Array<[string, string]> = haveSamples
  ? readdirSync(samplesDir)
      .filter((f) => DERIVED.test(f))
      .flatMap((f) => {
        const table = JSON.parse(readFileSync(path.join(samplesDir, f), 'utf8')) as {
          cases?: Array<{ name: string; document: unknown }>;
        };
        return (table.cases ?? []).map((c, i): [string, string] => [
          `${f} #${i} ${c.name}`,
          i % 2 === 0 ? JSON.stringify(c.document, null, 2) + '\n' : stringify(c.document),
        ]);
      })
  : [];

const handWritten: Array<[string, string]> = [
  [
    'comments and blank lines',
    `# Workload header comment

apiVersion: score.dev/v1b1 # the spec version
metadata:
  name: shop # trailing
  annotations:
    team: web

# --- containers ---
containers:
  # the web front end
  web:
    image: nginx:1.27 # pinned
    # variables come next
    variables:
      DB_HOST: \${resources.db.host} # from the database
      DB_PORT: "\${resources.db.port}"
      GREETING: 'hello, world'

    files:
      /etc/app.conf:
        content: |
          host=\${resources.db.host}
          # not a yaml comment
        mode: "0644"
    # command: [sh, -c]
  worker:
    image: busybox
    before:
      web:
        ready: started
    args:
      - --db=\${resources.db.name}

service:
  ports:
    www:
      port: 80
      targetPort: 8080 # container side

resources:
  db: # the database
    type: postgres
    params:
      size: \${resources.cache.host}
  cache:
    type: redis
# end of file
`,
  ],
  [
    'four-space indent, double quotes',
    `apiVersion: "score.dev/v1b1"
metadata:
    name: "four"
containers:
    main:
        image: "ghcr.io/acme/main:1.0"
        command: ["/bin/sh", "-c"]
        args: ["echo \${resources.bus.host}"]
        variables:
            MODE: "production"
            BUS: "\${resources.bus.uri}"
        livenessProbe:
            httpGet:
                port: 8080
                path: "/healthz"
    side:
        image: "busybox"
resources:
    bus:
        type: "amqp"
`,
  ],
  [
    'four-space indent, plain strings, indentless lists',
    `apiVersion: score.dev/v1b1
metadata:
    name: plain-four
containers:
    main:
        image: ghcr.io/acme/main:1.0
        command:
        - /bin/sh
        - -c
        variables:
            MODE: production
            NOTE: >
                folded text
                over two lines
        files:
            /etc/app.conf:
                content: |
                    key = value
    side:
        image: busybox
resources:
    bus:
        type: amqp
`,
  ],
  [
    'flow maps and quoted keys',
    `apiVersion: score.dev/v1b1
metadata: {name: flowy, annotations: {a: '1', b: '2'}}
"containers":
  "app": {image: app, variables: {X: "\${resources.q.host}", Y: plain}, before: {"side": {ready: complete}}}
  'side': {image: 'side:latest'}
resources: {q: {type: redis}, v: {type: volume}}
service: {ports: {p1: {port: 1}}}
`,
  ],
  [
    'crlf line endings',
    'apiVersion: score.dev/v1b1\r\nmetadata:\r\n  name: crlf\r\ncontainers:\r\n  one:\r\n    image: one\r\n    variables:\r\n      A: "${resources.r.x}"\r\n  two:\r\n    image: two\r\nresources:\r\n  r:\r\n    type: redis\r\n',
  ],
  [
    'pretty json',
    `{
  "apiVersion": "score.dev/v1b1",
  "metadata": {
    "name": "json-one"
  },
  "containers": {
    "hello": {
      "image": "busybox",
      "command": ["/bin/echo"],
      "variables": {
        "TARGET": "\${resources.db.host}"
      }
    },
    "other": {
      "image": "nginx"
    }
  },
  "resources": {
    "db": {
      "type": "postgres"
    }
  }
}
`,
  ],
  [
    'one-line json',
    '{"apiVersion":"score.dev/v1b1","metadata":{"name":"tiny"},"containers":{"a":{"image":"x","variables":{"V":"${resources.r.y}"}}},"resources":{"r":{"type":"redis"}}}',
  ],
  [
    'anchors and aliases',
    `apiVersion: score.dev/v1b1
metadata:
  name: anchors
x-common: &common
  LOG_LEVEL: debug
containers:
  first:
    image: &img nginx
    variables: *common
  second:
    image: *img
    variables:
      OWN: \${resources.store.host}
resources:
  store:
    type: redis
`,
  ],
  [
    'deprecated list forms, indentless lists, no final newline',
    `apiVersion: score.dev/v1b1
metadata:
  name: lists
containers:
  c1:
    image: img
    files:
    - target: /etc/one
      content: "\${resources.vol.path}"
    - target: /etc/two
      source: two.txt
    volumes:
    - source: \${resources.vol}
      target: /data
      readOnly: true
    command:
    - run
    - \${resources.vol.x}
resources:
  vol:
    type: volume`,
  ],
];

handWritten.push(
  [
    'entries that end in comments of their own, and comments about what follows',
    `apiVersion: score.dev/v1b1
metadata:
  name: notes
containers:
  web:
    image: nginx
    args:
    - "--port"   # listen port
    - '8080'
    # verbose flag below
    - -v
    variables:
      A: "1"
      BANNER: |+
        Welcome

      # end of vars
  # the api container: keep it first in rollouts
  api:
    image: api
    # end of api
resources:
  db:
    type: postgres
    # end of db
# Notes for the team: db is provisioned by platform
`,
  ],
  [
    'byte-order mark and a second document',
    '\ufeff# with a BOM\napiVersion: score.dev/v1b1\nmetadata:\n  name: bom\ncontainers:\n  a1:\n    image: y\n    variables:\n      V: ${resources.r.x}\nresources:\n  r:\n    type: redis\n---\nsecond: document\n',
  ],
  [
    'explicit keys, tags, nulls and empty values',
    `apiVersion: !!str score.dev/v1b1
metadata:
  name: odd
  annotations: ~
containers:
  ? first
  : image: i
    variables:
    args:
  second:
    image: !!str 123
    before: {first: {ready: started}}
resources:
  r: {type: redis, params: {p: "\${resources.r.x}"}}
service:
  ports: {}
`,
  ],
);

// Issue 39, item 2: shapes the fuzzed commands got wrong. Indentless lists beside the keys that
// commands add to; `!!pairs` lists (block and flow), whose items move as pairs; a container named by a
// null key (`~:`, the container "" as Go reads it); metadata keys that placeholders read, renamed to
// names holding "}" or "${" (refused: the placeholders would break).
handWritten.push([
  'indentless lists, !!pairs, a null key and names with braces',
  `apiVersion: score.dev/v1b1
metadata:
  name: shapes
  team: core
  "odd}key": v
  order: !!pairs
  - first: 1
  - second: {x: 2}
  - third
  flow: !!pairs [a: 1, b: 2, c: 3]
containers:
  ~:
    image: nameless
    variables:
      TEAM: \${metadata.team}
  web:
    image: nginx
    command:
    - sh
    - -c
    args:
    - \${metadata.team}
    before:
      api:
        ready: started
    variables:
      ODD: "\${metadata.odd}key}"
  api:
    image: api
    args:
    - x
resources:
  db:
    type: postgres
    params:
      list:
      - one
      - \${metadata.team}
`,
]);

const fresh = ['alpha', 'beta-2', 'x9', 'new-one', 'db', 'web'];
const stringValues = [
  'x',
  'hello world',
  'true',
  '0600',
  'a: b',
  "it's",
  '${resources.db.host}',
  'line1\nline2\n',
  '',
  '#hash',
  '- dash',
  '"quoted"',
  'back\\slash',
  'tab\there',
  ' lead',
  ' indented\nblock\n',
  'trail ',
  'a,b',
  '{x}',
  '[y]',
  'é😀',
  '*star',
  '&amp',
  '!bang',
  '%pct',
  '@at',
  '|pipe',
  '>gt',
  '? q',
  'multi\n\nblank\n',
  'no newline\nend',
  '$${escaped}',
];
/** Keys that need care: spaces, colons, slashes, tildes, quotes, hashes. */
const oddKeys = ['with space', 'a:b', 'sl/ash', 'ti~lde', '"q"', '#h', 'ü', 'x'];
const anyValues: Json[] = [
  ...stringValues,
  80,
  0.5,
  -3,
  true,
  false,
  null,
  { a: 1 },
  ['p', 'q'],
  { nested: { list: [1, 'two'] } },
  [],
  {},
  [{ k: 'v' }],
];

const names = Object.keys(commands) as CommandName[];

type Value = Record<string, unknown>;
const obj = (v: unknown): Value => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Value) : {});
const keys = (v: unknown): string[] => Object.keys(obj(v));

function pick<T>(list: readonly T[], seed: number): T | undefined {
  return list.length === 0 ? undefined : list[seed % list.length];
}

/** Every pointer in a value, to a bounded depth. */
function pointers(value: unknown, depth = 6, at: string[] = [], out: string[][] = []): string[][] {
  if (at.length > 0) out.push(at);
  if (depth === 0) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pointers(v, depth - 1, [...at, String(i)], out));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) pointers(v, depth - 1, [...at, k], out);
  return out;
}

function mountTargets(container: unknown, field: 'files' | 'volumes'): string[] {
  const m = obj(container)[field];
  if (Array.isArray(m)) return m.map((x) => obj(x).target).filter((t): t is string => typeof t === 'string');
  return keys(m);
}

/** Arguments for a command, drawn from the current document with the given seeds. */
/** Commands that need a container or resource that has something: drawn among those, most of the time. */
const containerNeeds: Partial<Record<CommandName, (spec: Value) => boolean>> = {
  removeVariable: (x) => keys(x.variables).length > 0,
  renameVariable: (x) => keys(x.variables).length > 0,
  removeFile: (x) => mountTargets(x, 'files').length > 0,
  renameFile: (x) => mountTargets(x, 'files').length > 0,
  removeVolume: (x) => mountTargets(x, 'volumes').length > 0,
  renameVolume: (x) => mountTargets(x, 'volumes').length > 0,
  removeProbe: (x) => 'livenessProbe' in x || 'readinessProbe' in x,
  renameProbe: (x) => 'livenessProbe' in x || 'readinessProbe' in x,
  removeBefore: (x) => keys(x.before).length > 0,
};
const resourceNeeds: Partial<Record<CommandName, (spec: Value) => boolean>> = {
  removeResourceParam: (x) => keys(x.params).length > 0,
  renameResourceParam: (x) => keys(x.params).length > 0,
  removeAnnotation: (x) => keys(obj(x.metadata).annotations).length > 0,
  renameAnnotation: (x) => keys(obj(x.metadata).annotations).length > 0,
};

/** Arguments for a command, drawn from the current document with the given seeds. */
function argsFor(name: CommandName, value: unknown, s: number[]): Record<string, unknown> {
  const root = obj(value);
  const containers = keys(root.containers);
  const resources = keys(root.resources);
  const ports = keys(obj(root.service).ports);
  const biased = s[5]! % 4 !== 0;
  const narrow = (all: string[], specs: unknown, need: ((x: Value) => boolean) | undefined): string[] => {
    const some = need ? all.filter((n) => need(obj(obj(specs)[n]))) : [];
    return biased && some.length > 0 ? some : all;
  };
  const c = pick(narrow(containers, root.containers, containerNeeds[name]), s[0]!) ?? 'nobody';
  const spec = obj(obj(root.containers)[c]);
  const r = pick(narrow(resources, root.resources, resourceNeeds[name]), s[1]!) ?? 'nothing';
  const withFresh = (existing: string[], seed: number): string => pick([...existing, ...fresh], seed)!;
  const str = (seed: number): string => pick(stringValues, seed)!;
  const probes = ['liveness', 'readiness'].filter((k) => `${k}Probe` in spec);
  const kind = pick(biased && probes.length > 0 ? probes : ['liveness', 'readiness'], s[3]!)!;
  const workloadAnnotations = keys(obj(root.metadata).annotations);
  const owner =
    s[4]! % 3 === 0 || (biased && resourceNeeds[name] && workloadAnnotations.length > 0 && s[4]! % 2 === 0)
      ? undefined
      : r;
  const annotationKeys = keys(
    obj(owner === undefined ? obj(root.metadata).annotations : obj(obj(obj(root.resources)[r]).metadata).annotations),
  );
  const others = containers.filter((x) => x !== c);
  switch (name) {
    case 'addContainer':
      return {
        name: withFresh(containers, s[2]!),
        image: pick(['nginx', 'ghcr.io/x/y:1.0', '.'], s[3]!),
        spec: s[4]! % 3 === 0 ? { command: ['sh', '-c'] } : undefined,
      };
    case 'renameContainer':
      return { from: c, to: withFresh(containers, s[2]!) };
    case 'pasteParts': {
      // A copy of a container and/or a resource of the document (odd values included) under a name
      // that is free or taken.
      const some = s[3]! % 3;
      return {
        containers:
          some !== 2 ? { [withFresh(containers, s[2]!)]: obj(root.containers)[c] ?? { image: 'x' } } : undefined,
        resources:
          some !== 0 ? { [withFresh(resources, s[4]!)]: obj(root.resources)[r] ?? { type: 'redis' } } : undefined,
      };
    }
    case 'removeContainer':
      return { name: c };
    case 'addResource':
      return {
        name: withFresh(resources, s[2]!),
        type: pick(['postgres', 'redis', 'volume'], s[3]!),
        class: s[4]! % 2 ? 'default' : undefined,
        params: s[5]! % 3 === 0 ? { size: 'small' } : undefined,
      };
    case 'renameResource':
      return { from: r, to: withFresh(resources, s[2]!) };
    case 'removeResource':
      return { name: r };
    case 'removeResourceReferences': {
      // All of them mostly; now and then only those of some strings (a reference's string or any other).
      const some = s[2]! % 3 === 0 ? [pick(pointers(value), s[3]!), pick(pointers(value), s[4]!)] : undefined;
      return { resource: r, pointers: some?.filter(Boolean).map((p) => toPointer(p!)) };
    }
    case 'removeResourceWithReferences':
      return { name: r };
    case 'setField': {
      const all = pointers(value);
      const maps = all.filter((p) => typeof obj(value) === 'object' && isPlainObject(getAt(value, p)));
      const choice = s[2]! % 3;
      const segments =
        choice === 0
          ? (pick(all, s[3]!) ?? ['metadata', 'name'])
          : choice === 1
            ? [...(pick(maps, s[3]!) ?? []), pick([...fresh, ...oddKeys], s[4]!)!]
            : [...(pick(maps, s[3]!) ?? []), 'deep', pick([...fresh, ...oddKeys], s[4]!)!];
      return { pointer: toPointer(segments), value: pick(anyValues, s[5]!) };
    }
    case 'unsetField':
      return { pointer: toPointer(pick(pointers(value), s[2]!) ?? ['nothing']) };
    case 'renameField': {
      // Keys of maps mostly (metadata's among them, which placeholders read), to a fresh or taken key.
      const all = pointers(value);
      const entries = all.filter((p) => p.length > 0 && isPlainObject(getAt(value, p.slice(0, -1))));
      const metadata = entries.filter((p) => p[0] === 'metadata');
      const at = pick(s[4]! % 2 === 0 && metadata.length > 0 ? metadata : entries, s[2]!) ?? ['nothing'];
      const siblings = keys(getAt(value, at.slice(0, -1)));
      return {
        pointer: toPointer(at),
        to: pick([...fresh, ...oddKeys, ...siblings, 'a.b', '', 'a}b', 'c${d'], s[3]!),
      };
    }
    case 'moveItem': {
      // Items of lists of two or more mostly, to another place; now and then another place (refused),
      // the same place, or a place past the end.
      const listOf = (p: string[]) => getAt(value, p.slice(0, -1));
      const items = pointers(value).filter((p) => /^\d+$/.test(p[p.length - 1] ?? '') && Array.isArray(listOf(p)));
      const movable = items.filter((p) => (listOf(p) as unknown[]).length > 1);
      const odd = s[2]! % 6 === 0;
      const item = odd ? pick(pointers(value), s[3]!) : (pick(movable, s[3]!) ?? pick(items, s[3]!));
      if (!item) return { pointer: '/nothing/0', to: 0 };
      const list = listOf(item);
      const length = Array.isArray(list) ? list.length : 1;
      const from = Number(item[item.length - 1]);
      const to = odd ? s[4]! % (length + 1) : (from + 1 + (s[4]! % Math.max(1, length - 1))) % length;
      return { pointer: toPointer(item), to };
    }
    case 'setVariable':
      return { container: c, name: pick([...keys(spec.variables), 'NEW_VAR', ...oddKeys], s[2]!), value: str(s[3]!) };
    case 'removeVariable':
      return { container: c, name: pick(keys(spec.variables), s[2]!) ?? 'NONE' };
    case 'renameVariable':
      return {
        container: c,
        from: pick(keys(spec.variables), s[2]!) ?? 'NONE',
        to: pick([...keys(spec.variables), 'RENAMED', ...oddKeys], s[3]!),
      };
    case 'bindOutputToVariable':
      return {
        container: c,
        variable: withFresh(keys(spec.variables), s[2]!).toUpperCase(),
        resource: r,
        output: pick(['host', 'port', 'a.b'], s[3]!),
      };
    case 'addFile': {
      const source = s[4]! % 3;
      return {
        container: c,
        target: pick(['/etc/new.conf', '/tmp/x', ...mountTargets(spec, 'files')], s[2]!),
        content: source === 0 ? str(s[3]!) : undefined,
        source: source === 1 ? 'file.txt' : undefined,
        binaryContent: source === 2 ? 'AAEC' : undefined,
        mode: s[5]! % 2 ? '0644' : undefined,
      };
    }
    case 'removeFile':
      return { container: c, target: pick(mountTargets(spec, 'files'), s[2]!) ?? '/none' };
    case 'renameFile':
      return {
        container: c,
        from: pick(mountTargets(spec, 'files'), s[2]!) ?? '/none',
        to: pick(['/etc/moved', '/srv/y', ...mountTargets(spec, 'files')], s[3]!),
      };
    case 'addVolume':
      return {
        container: c,
        target: pick(['/data', '/cache', ...mountTargets(spec, 'volumes')], s[2]!),
        source: '${resources.' + r + '}',
        readOnly: s[3]! % 2 ? true : undefined,
      };
    case 'mountResource':
      return {
        container: c,
        resource: s[4]! % 5 === 0 ? 'nothing' : r,
        target: pick(['/data', '/mnt/x', ...mountTargets(spec, 'volumes')], s[2]!),
        readOnly: s[3]! % 2 ? true : undefined,
      };
    case 'removeVolume':
      return { container: c, target: pick(mountTargets(spec, 'volumes'), s[2]!) ?? '/none' };
    case 'renameVolume':
      return {
        container: c,
        from: pick(mountTargets(spec, 'volumes'), s[2]!) ?? '/none',
        to: pick(['/mnt/moved', ...mountTargets(spec, 'volumes')], s[3]!),
      };
    case 'setServicePort':
      return {
        name: withFresh(ports, s[2]!),
        port: pick([80, 8080], s[3]!),
        targetPort: s[4]! % 2 ? 9000 : undefined,
        protocol: s[5]! % 3 === 0 ? 'UDP' : undefined,
      };
    case 'removeServicePort':
      return { name: pick(ports, s[2]!) ?? 'none' };
    case 'renameServicePort':
      return { from: pick(ports, s[2]!) ?? 'none', to: withFresh(ports, s[3]!) };
    case 'setProbe':
      return {
        container: c,
        kind,
        probe: s[4]! % 2 ? { httpGet: { port: 8080, path: '/healthz' } } : { exec: { command: ['true'] } },
      };
    case 'removeProbe':
      return { container: c, kind };
    case 'renameProbe':
      return { container: c, from: kind, to: pick(['liveness', 'readiness'], s[4]!) };
    case 'setAnnotation':
      return { resource: owner, key: pick(['team', 'example.com/owner', ...annotationKeys], s[2]!), value: str(s[3]!) };
    case 'removeAnnotation':
      return { resource: owner, key: pick(annotationKeys, s[2]!) ?? 'none' };
    case 'renameAnnotation':
      return {
        resource: owner,
        from: pick(annotationKeys, s[2]!) ?? 'none',
        to: pick(['renamed', 'example.com/moved', ...annotationKeys], s[3]!),
      };
    case 'setResourceParam':
      return {
        resource: r,
        name: withFresh(keys(obj(obj(root.resources)[r]).params), s[2]!),
        value: pick(anyValues, s[3]!),
      };
    case 'removeResourceParam':
      return { resource: r, name: pick(keys(obj(obj(root.resources)[r]).params), s[2]!) ?? 'none' };
    case 'renameResourceParam': {
      const params = keys(obj(obj(root.resources)[r]).params);
      return { resource: r, from: pick(params, s[2]!) ?? 'none', to: withFresh(params, s[3]!) };
    }
    case 'setBefore':
      return {
        container: c,
        target: pick(biased && others.length > 0 ? others : containers, s[2]!) ?? 'nobody',
        ready: pick(['started', 'healthy', 'complete'], s[3]!),
      };
    case 'removeBefore':
      return { container: c, target: pick(keys(spec.before), s[2]!) ?? 'nobody' };
    case 'useMapForm': {
      const lists = (['files', 'volumes'] as const).filter((f) => Array.isArray(spec[f]));
      return { container: c, field: pick(biased && lists.length > 0 ? lists : ['files', 'volumes'], s[2]!) };
    }
    case 'runSteps': {
      // One to three steps drawn from the value each leaves; steps that rename or move nothing, so
      // that the model can place what later steps touch in the original document.
      const steps: Array<{ name: string; args: Record<string, unknown> }> = [];
      let now = value;
      for (let i = 0; i <= s[4]! % 3; i++) {
        const seeds = s.map((x, j) => x + i * 7 + j);
        const step = pick(plainSteps, seeds[i]!)!;
        const args = clean(argsFor(step, now, seeds));
        steps.push({ name: step, args });
        const outcome = modelCommand(step, now as Json, args);
        if (!outcome.refuse) now = outcome.value;
      }
      return { steps };
    }
  }
}

/** The commands a drawn runSteps is made of. */
const plainSteps: CommandName[] = [
  'setField',
  'unsetField',
  'setVariable',
  'removeVariable',
  'addResource',
  'setResourceParam',
  'setBefore',
  'removeBefore',
  'useMapForm',
  'addVolume',
];

function isPlainObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function getAt(value: unknown, segments: string[]): unknown {
  let node = value;
  for (const s of segments) node = Array.isArray(node) ? node[Number(s)] : obj(node)[s];
  return node;
}

/** Drops undefined arguments, as JSON transport would. */
function clean(args: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Per command: how many runs changed the text, were refused as the model expected, or changed nothing. */
const tally = new Map<string, { edited: number; refused: number; unchanged: number }>();
function count(name: string, outcome: 'edited' | 'refused' | 'unchanged'): void {
  const t = tally.get(name) ?? { edited: 0, refused: 0, unchanged: 0 };
  t[outcome]++;
  tally.set(name, t);
}

afterAll(() => {
  const rows = [...tally].map(([n, t]) => `${n} ${t.edited}/${t.refused}/${t.unchanged}`);
  console.info(`[fidelity] per command, edited/refused/unchanged: ${rows.join(', ')}`);
});

/** Runs one command and checks properties (a)–(d). Returns the new document. */
function step(before: ParsedDocument, name: CommandName, args: Record<string, unknown>): ParsedDocument {
  const text = before.text;
  const expected = modelCommand(name, before.value as Json, args, pairsLists(before.doc));
  const result = runCommand(name, text, args);
  const label = `${name} ${JSON.stringify(args)}\n--- on ---\n${text}`;
  if (isRefusal(result)) {
    count(name, 'refused');
    if (expected.refuse) return before;
    const shared = sharedPointers(before);
    expect(
      shared.length > 0 && /alias|anchor/.test(result.error),
      `unexpected refusal "${result.error}" of ${label}`,
    ).toBe(true);
    return before;
  }
  expect(expected.refuse, `expected a refusal of ${label}\n--- got ---\n${result.text}`).toBe(false);
  if (expected.refuse) return before;
  // (c) the edits reproduce the text, sorted and disjoint; before the first and after the last, nothing moved
  expect(applyEdits(text, result.edits), label).toBe(result.text);
  if (result.edits.length > 0) {
    expect(result.text.startsWith(text.slice(0, result.edits[0]!.start)), label).toBe(true);
    expect(result.text.endsWith(text.slice(result.edits[result.edits.length - 1]!.end)), label).toBe(true);
  } else expect(result.text, label).toBe(text);
  for (let i = 1; i < result.edits.length; i++)
    expect(result.edits[i]!.start, label).toBeGreaterThanOrEqual(result.edits[i - 1]!.end);
  // (a) it reads
  const after = parseWorkloadText(result.text);
  expect(
    after.syntax.filter((d) => d.severity === 'error'),
    `${label}\n--- got ---\n${result.text}`,
  ).toEqual([]);
  // (b) the value is the model's
  expect(after.value, `${label}\n--- got ---\n${result.text}`).toEqual(expected.value);
  expect(JSON.stringify(after.value), `key order after ${label}`).toBe(JSON.stringify(expected.value));
  // (c) edits confined to the touched nodes
  const regions = expected.touched.map((p) => regionOf(before, p));
  for (const e of result.edits) {
    const inside = regions.some(([a, b]) => e.start >= a && e.end <= b);
    expect(
      inside,
      `edit ${JSON.stringify(e)} outside ${JSON.stringify(expected.touched)} in ${label}\n--- got ---\n${result.text}`,
    ).toBe(true);
  }
  // JSON stays JSON
  if (isJsonText(text)) expect(() => JSON.parse(result.text), `not JSON after ${label}\n${result.text}`).not.toThrow();
  // (d) comments outside the edits survive
  const kept = comments(text, result.edits);
  const now = comments(result.text, []);
  for (const c of kept) expect(now, label).toContain(c);
  count(name, result.edits.length > 0 ? 'edited' : 'unchanged');
  return after;
}

/** Sized so that the whole file runs in well under 20 s on two cores; FIDELITY_SCALE=10 runs ten times as many. */
const scale = Math.max(1, Number(process.env.FIDELITY_SCALE) || 1);
const HAND_WRITTEN_RUNS = 300 * scale;
const SAMPLE_RUNS = 300 * scale;
const DERIVED_RUNS = 100 * scale;

const stepArb = fc.record({ command: fc.nat(), seeds: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }) });

function property(docs: Array<[string, string]>, numRuns: number) {
  const parsedDocs = docs.map(([, text]) => parseWorkloadText(text));
  fc.assert(
    fc.property(fc.nat(), fc.array(stepArb, { minLength: 1, maxLength: 6 }), (docIndex, steps) => {
      let doc = parsedDocs[docIndex % docs.length]!;
      for (const s of steps) {
        const name = names[s.command % names.length]!;
        doc = step(doc, name, clean(argsFor(name, doc.value, s.seeds)));
      }
    }),
    { numRuns },
  );
}

describe('command fidelity on hand-written documents', () => {
  it('starts from documents that all read', () => {
    for (const [name, text] of handWritten) expect(parseWorkloadText(text).blocked, name).toBe(false);
  });

  it('keeps every byte outside the edited nodes (random command sequences)', () => {
    property(handWritten, HAND_WRITTEN_RUNS);
  });

  it('covers every command on every hand-written document', () => {
    for (const [, text] of handWritten) {
      const doc = parseWorkloadText(text);
      for (const name of names) {
        for (let seed = 0; seed < 2; seed++)
          step(doc, name, clean(argsFor(name, doc.value, [seed, seed + 1, seed, seed + 1, seed, seed])));
      }
    }
  });
});

describe.skipIf(!haveSamples)('command fidelity on the sample workloads', () => {
  const readable = samples.filter(([, text]) => !parseWorkloadText(text).blocked);
  const unreadable = samples.filter(([, text]) => parseWorkloadText(text).blocked);
  const derivedReadable = derived.filter(([, text]) => !parseWorkloadText(text).blocked);

  it('keeps every byte outside the edited nodes (random command sequences)', () => {
    console.info(`[fidelity] ${readable.length} sample workloads edited, ${unreadable.length} refused as unreadable`);
    property(readable, SAMPLE_RUNS);
  });

  it('keeps every byte outside the edited nodes of the derived schema cases (odd values included)', () => {
    console.info(`[fidelity] ${derivedReadable.length} of ${derived.length} derived case documents edited`);
    property(derivedReadable, DERIVED_RUNS);
  });

  it('refuses to edit a document that does not read, and changes nothing', () => {
    for (const [file, text] of [...unreadable, ...derived.filter(([, t]) => parseWorkloadText(t).blocked)]) {
      const result = commands.addContainer(text, { name: 'extra', image: 'x' });
      expect(isRefusal(result), file).toBe(true);
    }
  });
});
