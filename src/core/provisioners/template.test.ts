import { describe, expect, it } from 'vitest';
import { createRandom } from './random';
import { loadProvisionerFile, loadProvisionerFiles } from './template';
import type { ProvisionInput, Provisioner } from './types';

const input = (overrides: Partial<ProvisionInput> = {}): ProvisionInput => ({
  uid: 'thing.default#web.res',
  type: 'thing',
  class: 'default',
  id: 'web.res',
  params: {},
  metadata: {},
  state: {},
  shared: {},
  sourceWorkload: 'web',
  workloadServices: {
    web: { ServiceName: 'web', Ports: { http: { Name: 'http', Port: 80, TargetPort: 8080, Protocol: 'TCP' } } },
  },
  composeProjectName: 'demo',
  mountsDirectory: '.score-compose/mounts',
  ...overrides,
});

function load(text: string): Provisioner[] {
  const out = loadProvisionerFile(text, 'x.provisioners.yaml');
  if ('error' in out) throw new Error(out.error);
  return out.provisioners;
}

describe('provisioner files', () => {
  it('reads entries with their matching rules and catalog facts', () => {
    const [p] = load(`
- uri: template://x
  type: thing
  class: big
  id: main
  description: A thing.
  supported_params: [size]
  expected_outputs: [host, port]
  outputs: "host: x"
`);
    expect(p).toMatchObject({ uri: 'template://x', type: 'thing', class: 'big', id: 'main', description: 'A thing.' });
    expect(p!.params.map((x) => x.name)).toEqual(['size']);
    expect(p!.outputs.map((x) => x.name)).toEqual(['host', 'port']);
  });

  it('refuses unknown keys and entries without uri or type', () => {
    expect(loadProvisionerFile('- uri: template://x\n  type: t\n  servics: ""\n')).toEqual({
      error: 'provisioners.yaml: provisioner 0: field servics not found in type templateprov.Provisioner',
    });
    expect(loadProvisionerFile('- type: t\n')).toEqual({ error: 'provisioners.yaml: provisioner 0: uri not set' });
    expect(loadProvisionerFile('- uri: template://x\n')).toEqual({
      error: 'provisioners.yaml: provisioner 0: type not set',
    });
  });

  it('refuses a hostile file with the reason, never a crash', () => {
    let laughs = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++)
      laughs += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const cases: Array<[string, RegExp]> = [
      [laughs, /^failed to decode file 'provisioners.yaml': its anchors and aliases expand to too much data/],
      [
        '- &p {uri: template://x, type: t, params: [*p]}\n',
        /line 1: The alias \*p is inside the value of its own anchor &p/,
      ],
      ['- {uri: template://x, type: t}\n- *nope\n', /line 2: The alias \*nope names an anchor that is not defined/],
      ['['.repeat(5000) + ']'.repeat(5000), /nests more than 1000 levels deep/],
      [
        `- uri: template://x\n  type: t\n  outputs: "${'x'.repeat(3 * 1024 * 1024)}"\n`,
        /the file is 3\.0 MB; a provisioners file may be at most 2\.0 MB/,
      ],
    ];
    for (const [text, reason] of cases) {
      const out = loadProvisionerFile(text);
      expect('error' in out && out.error, text.slice(0, 40)).toMatch(reason);
    }
  });

  it('loads several files in name order, so that earlier files win', () => {
    const out = loadProvisionerFiles([
      { name: 'zz-default.provisioners.yaml', text: '- uri: template://late\n  type: thing\n' },
      { name: '00-custom.provisioners.yaml', text: '- uri: template://early\n  type: thing\n' },
    ]);
    expect('provisioners' in out && out.provisioners.map((p) => p.uri)).toEqual([
      'template://early',
      'template://late',
    ]);
  });

  it('turns cmd:// provisioners into a clear browser error', () => {
    const [p] = load('- uri: cmd://./my-script.sh\n  type: thing\n');
    const out = p!.provision(input(), { random: createRandom(0), env: {} });
    expect(out).toEqual({ error: expect.stringContaining('cannot run in a browser') });
  });
});

describe('template provisioners', () => {
  it('renders init, state, shared and outputs in order, each seeing the ones before', () => {
    const [p] = load(`
- uri: template://x
  type: thing
  init: |
    name: {{ .Id | replace "." "-" }}-{{ randAlphaNum 4 }}
  state: |
    name: {{ dig "name" .Init.name .State }}
  shared: |
    count: {{ add1 (dig "count" 0 .Shared) }}
  outputs: |
    host: {{ .State.name }}
    port: {{ (index .WorkloadServices .SourceWorkload).Ports.http.TargetPort }}
    count: {{ .Shared.count }}
  files: |
    {{ .State.name }}/conf: |
      hello {{ .Params.who }}
  services: |
    {{ .State.name }}:
      image: x
  volumes: |
    {{ .State.name }}-data: {}
  info_logs: |
    - "{{ .Uid }}: ready"
`);
    const out = p!.provision(input({ params: { who: 'you' }, shared: { count: 2 } }), {
      random: createRandom(1),
      env: {},
    });
    if ('error' in out) throw new Error(out.error);
    const name = out.result.state.name as string;
    expect(name).toMatch(/^web-res-[A-Za-z0-9]{4}$/);
    expect(out.result.outputs).toEqual({ host: name, port: 8080, count: 3 });
    expect(out.result.shared).toEqual({ count: 3 });
    expect(out.result.files).toEqual({ [`${name}/conf`]: 'hello you\n' });
    expect(out.result.services).toEqual({ [name]: { image: 'x' } });
    expect(out.result.volumes).toEqual({ [`${name}-data`]: {} });
    expect(out.result.info).toEqual(['thing.default#web.res: ready']);
  });

  it('sees a missing workload as an empty one, as Go sees a zero struct', () => {
    const [p] = load(`
- uri: template://x
  type: thing
  outputs: |
    {{ $w := index .WorkloadServices "nobody" }}
    name: "{{ $w.ServiceName }}"
    port: {{ (index $w.Ports "x").TargetPort }}
`);
    const out = p!.provision(input(), { random: createRandom(1), env: {} });
    expect('result' in out && out.result.outputs).toEqual({ name: '', port: 0 });
  });

  it('words failures as score-compose does', () => {
    const fail = (yaml: string) => {
      const [p] = load(yaml);
      const out = p!.provision(input(), { random: createRandom(1), env: {} });
      return 'error' in out ? out.error : undefined;
    };
    expect(fail('- uri: template://x\n  type: t\n  init: |\n    {{ fail "nope" }}\n')).toBe(
      'init template failed: failed to execute template: template: :1:3: executing "" at <fail "nope">: error calling fail: nope',
    );
    expect(fail('- uri: template://x\n  type: t\n  outputs: "{{ nosuch }}"\n')).toMatch(
      /^outputs template failed: failed to parse template: template: :1: function "nosuch" not defined$/,
    );
    expect(fail('- uri: template://x\n  type: t\n  state: "- a list"\n')).toBe(
      'state template failed: failed to decode output: yaml: unmarshal errors:\n  line 1: cannot unmarshal !!seq into map[string]interface {}',
    );
  });
});
