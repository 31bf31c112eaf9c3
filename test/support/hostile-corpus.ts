/**
 * A corpus of hostile inputs (#39's Must-show): malformed YAML, encodings, sizes, alias bombs, deep
 * nesting, `__proto__` keys, markup and control characters in names, odd numbers, several documents,
 * JSON. Generated, not stored: the same seed gives the same files, byte for byte, so that a failure
 * names a file that can be made again (`npm run corpus:hostile -- DIR` writes them out).
 */
export interface HostileFile {
  name: string;
  bytes: Uint8Array;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A small, seeded generator (mulberry32): the corpus must be the same on every machine. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const head = (name: string) => `apiVersion: score.dev/v1b1\nmetadata:\n  name: ${name}\n`;
const workload = (name: string, rest = '') => `${head(name)}containers:\n  web:\n    image: nginx\n${rest}`;

/** Names a hostile user might give: markup, quotes, control characters, prototype keys, emoji, long ones. */
const NAMES = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"quoted"',
  "it's",
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u001b[31mred\u001b[0m',
  '\u001b]0;title\u0007',
  'tab\there',
  'bell\u0007',
  'nul\u0000byte',
  'del\u007f',
  'c1\u009b31m',
  'zero\u200bwidth',
  'rtl\u202eevil',
  '🐳-whale',
  'x'.repeat(300),
  '${resources.db.host}',
  '${metadata.name}}',
  '&anchor',
  '*alias',
  '-',
  '~',
  '',
  ' ',
  '.',
  '..',
  '/etc/passwd',
  '../../x',
  'null',
  'true',
];

/** Scalars YAML reads as numbers, or nearly. */
const NUMBERS = [
  '.nan',
  '.NaN',
  '.inf',
  '-.inf',
  '1e400',
  '-1e400',
  '99999999999999999999999999',
  '0x7fffffffffffffff',
  '0o777',
  '0b101',
  '1_000',
  '-0',
  '0.0000000000000000000001',
  '08',
  '1:20',
  '+12',
  '1.',
  '.5',
];

/** Every file of the corpus (at least 250), in a fixed order. */
export function hostileCorpus(seed = 39): HostileFile[] {
  const random = seeded(seed);
  const files: HostileFile[] = [];
  const add = (name: string, content: string | Uint8Array) =>
    files.push({ name, bytes: typeof content === 'string' ? utf8(content) : content });

  // Names with markup and control characters, in every place a name goes.
  NAMES.forEach((name, i) => {
    const quoted = JSON.stringify(name);
    add(`name-workload-${i}.yaml`, workload(quoted));
    add(
      `name-container-${i}.yaml`,
      `${head('demo')}containers:\n  ${quoted}:\n    image: nginx\n    variables:\n      ${quoted}: ${quoted}\n`,
    );
    add(
      `name-resource-${i}.yaml`,
      workload('demo', `resources:\n  ${quoted}:\n    type: ${quoted}\n    params: {${quoted}: 1}\n`),
    );
    add(`name-key-${i}.yaml`, `${workload('demo')}${quoted}: 1\n`);
  });

  // Numbers where numbers and text go.
  NUMBERS.forEach((n, i) => {
    add(
      `number-port-${i}.yaml`,
      workload('demo', `service:\n  ports:\n    web:\n      port: ${n}\n      targetPort: ${n}\n`),
    );
    add(`number-variable-${i}.yaml`, workload('demo', `    variables:\n      N: ${n}\n`));
    add(
      `number-param-${i}.yaml`,
      workload('demo', `resources:\n  db:\n    type: postgres\n    params:\n      size: ${n}\n`),
    );
  });

  // Malformed YAML: each mistake at a few places.
  const broken = [
    'containers:\n  web:\n    image: nginx\n   bad: indent\n',
    'containers: [\n',
    'containers: {web: {image: nginx}\n',
    'metadata:\n  name: "unterminated\n',
    "metadata:\n  name: 'unterminated\n",
    'key: value: other\n',
    '- a\nb: c\n',
    '? complex\n: key\n',
    'a: !!binary not-base64!\n',
    'a: !unknown tag\n',
    '%YAML 9.9\n---\na: 1\n',
    '%TAG ! tag:x\n---\na: 1\n',
    'a: |\n  block\n bad\n',
    'a: >-\n\tfolded with a tab\n',
    '\ta: tab indented\n',
    'a: b\n  c: d\n',
    'containers:\n  web:\n    image: nginx\n    image: again\n',
    '{"apiVersion": "score.dev/v1b1", "metadata": {"name": "json"}, "containers": {"web": {"image": "nginx"}}',
    '[1, 2, 3]\n',
    '"just a string"\n',
    '42\n',
    '~\n',
    '---\n...\n',
    '---\n---\n---\n',
  ];
  broken.forEach((text, i) => {
    add(`malformed-${i}.yaml`, text);
    add(`malformed-in-workload-${i}.yaml`, workload('demo') + text);
  });

  // JSON: valid, invalid, and with a prototype key.
  add(
    'json-valid.json',
    JSON.stringify({
      apiVersion: 'score.dev/v1b1',
      metadata: { name: 'json' },
      containers: { web: { image: 'nginx' } },
    }),
  );
  add(
    'json-proto.json',
    '{"apiVersion":"score.dev/v1b1","metadata":{"name":"p","__proto__":{"polluted":1}},"containers":{"__proto__":{"image":"x"}}}',
  );
  add('json-trailing-comma.json', '{"apiVersion":"score.dev/v1b1",}');
  add('json-deep.json', '['.repeat(5000) + ']'.repeat(5000));

  // Several documents.
  add('multi-two.yaml', `${workload('one')}---\n${workload('two')}`);
  add('multi-broken-second.yaml', `${workload('one')}---\ncontainers: [\n`);
  add('multi-hundred.yaml', Array.from({ length: 100 }, (_, i) => workload(`w${i}`)).join('---\n'));

  // Aliases: bombs, cycles, unknown anchors, merge keys, many plain aliases.
  for (let width = 2; width <= 10; width += 2) {
    let bomb = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 12; i++)
      bomb += `a${i}: &a${i} [${Array(width)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    add(`alias-bomb-${width}.yaml`, bomb);
    add(
      `alias-bomb-in-workload-${width}.yaml`,
      workload('demo', bomb.replace(/^/gm, '  ').replace(/^ {2}a0/, 'x-bomb:\n  a0')),
    );
  }
  add('alias-cycle.yaml', workload('demo', 'resources:\n  db:\n    type: postgres\n    params: &p {self: *p}\n'));
  add('alias-unknown.yaml', workload('demo', 'resources:\n  db: *nope\n'));
  add('alias-merge.yaml', `${head('demo')}x: &base {image: nginx}\ncontainers:\n  web:\n    <<: *base\n`);
  add(
    'alias-many.yaml',
    `${head('demo')}x: &img nginx\ncontainers:\n${Array.from({ length: 2000 }, (_, i) => `  c${i}:\n    image: *img\n`).join('')}`,
  );

  // Deep nesting, block and flow.
  for (const depth of [100, 999, 1001, 5000, 20000]) {
    add(
      `deep-flow-${depth}.yaml`,
      workload('demo', `resources:\n  db:\n    type: postgres\n    params: ${'['.repeat(depth)}${']'.repeat(depth)}\n`),
    );
    add(`deep-map-${depth}.yaml`, `x: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}\n`);
  }
  let block = 'x:\n';
  for (let i = 1; i < 1200; i++) block += `${' '.repeat(i)}k:\n`;
  add('deep-block.yaml', block);

  // Sizes: long lines, many keys, many containers, a big file.
  add('size-long-line.yaml', workload('demo', `    variables:\n      LONG: ${'a'.repeat(1_000_000)}\n`));
  add('size-many-keys.yaml', workload('demo') + Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}\n`).join(''));
  add(
    'size-many-containers.yaml',
    `${head('demo')}containers:\n${Array.from({ length: 2000 }, (_, i) => `  c${i}:\n    image: nginx\n`).join('')}`,
  );
  add(
    'size-many-variables.yaml',
    workload(
      'demo',
      `    variables:\n${Array.from({ length: 20_000 }, (_, i) => `      V${i}: value ${i}\n`).join('')}`,
    ),
  );
  add('size-empty.yaml', '');
  add('size-whitespace.yaml', ' \n\t\n   \n');
  add('size-comment-only.yaml', '# nothing here\n');

  // Encodings and bytes.
  const bom8 = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(workload('bom'))]);
  add('enc-utf8-bom.yaml', bom8);
  const utf16 = (text: string, little: boolean) => {
    const out = new Uint8Array(2 + text.length * 2);
    out.set(little ? [0xff, 0xfe] : [0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      out[2 + 2 * i] = little ? c & 0xff : c >> 8;
      out[3 + 2 * i] = little ? c >> 8 : c & 0xff;
    }
    return out;
  };
  add('enc-utf16le.yaml', utf16(workload('le'), true));
  add('enc-utf16be.yaml', utf16(workload('be'), false));
  add('enc-utf32le-bom.yaml', new Uint8Array([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]));
  add('enc-utf32be-bom.yaml', new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x61]));
  add('enc-latin1.yaml', new Uint8Array([...utf8(head('caf')), 0x63, 0x61, 0x66, 0xe9, 0x0a]));
  add('enc-invalid-utf8.yaml', new Uint8Array([...utf8(workload('bad')), 0xc3, 0x28, 0x0a]));
  add('enc-overlong.yaml', new Uint8Array([...utf8('a: '), 0xc0, 0xaf, 0x0a]));
  add('enc-surrogate.yaml', new Uint8Array([...utf8('a: '), 0xed, 0xa0, 0x80, 0x0a]));
  add('enc-replacement-char.yaml', workload('demo', '    variables:\n      R: "caf\ufffd"\n'));
  add('enc-cr-only.yaml', workload('cr').replace(/\n/g, '\r'));
  add('enc-crlf.yaml', workload('crlf').replace(/\n/g, '\r\n'));
  add('enc-nul.yaml', `${workload('demo')}\u0000\n`);
  add(
    'enc-png.yaml',
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  );
  add('enc-zip.yaml', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0]));
  add('enc-gzip.yaml', new Uint8Array([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]));

  // Random bytes and random printable noise (seeded).
  for (let i = 0; i < 20; i++) {
    const bytes = new Uint8Array(64 + Math.floor(random() * 4000));
    for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(random() * 256);
    add(`random-bytes-${i}.bin`, bytes);
  }
  const alphabet = 'abc:{}[]-,&*!|>\'"#%@` \n\t?~$.0123456789';
  for (let i = 0; i < 20; i++) {
    let text = '';
    const length = 32 + Math.floor(random() * 2000);
    for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
    add(`random-yaml-${i}.yaml`, text);
  }
  return files;
}
