import { describe, expect, it } from 'vitest';
import { writeYamlV3, type YamlV3Value } from '../../go/yaml';
import { mountToMap } from './mounts';
import { buildResolver, deferred } from './substitution';
import { convertVolume } from './volumes';
import { toWorkload, upgradeWorkload } from './workload';

const workload = toWorkload(
  upgradeWorkload({
    metadata: { name: 'example' },
    containers: { c: { image: 'x' } },
    resources: { v: { type: 'volume' }, shared: { type: 'volume', id: 'common' } },
  }),
  'score.yaml',
);

function mount(
  source: string,
  outputs: Record<string, Record<string, unknown>>,
  extra: { path?: string; readOnly?: boolean } = {},
) {
  const warnings: string[] = [];
  const out = convertVolume({
    workload,
    target: '/mnt',
    volume: { source, ...extra },
    resolver: deferred(buildResolver(workload.metadata, {})),
    outputsOf: (uid) => outputs[uid],
    ctx: { warnings },
  });
  return 'error' in out ? out : { yaml: writeYamlV3(mountToMap(out.mount) as YamlV3Value) };
}

describe('volume mounts', () => {
  it('uses the volume output and turns path into a sub-path', () => {
    expect(
      mount(
        '${resources.v}',
        { 'volume.default#example.v': { type: 'volume', source: 'data-1' } },
        { path: 'sub/dir', readOnly: true },
      ),
    ).toEqual({
      yaml: 'type: volume\nsource: data-1\ntarget: /mnt\nread_only: true\nvolume:\n  subpath: sub/dir\n',
    });
  });

  it('names a shared resource by its id', () => {
    expect(mount('${resources.shared}', { 'volume.default#common': { type: 'volume', source: 'c' } })).toEqual({
      yaml: 'type: volume\nsource: c\ntarget: /mnt\n',
    });
  });

  it('joins path onto a bind source and prints create_host_path as compose-go does', () => {
    expect(
      mount(
        '${resources.v}',
        { 'volume.default#example.v': { type: 'bind', source: '/srv', bind: {} } },
        { path: 'x' },
      ),
    ).toEqual({
      yaml: 'type: bind\nsource: /srv/x\ntarget: /mnt\nbind:\n  create_host_path: false\n',
    });
    expect(
      mount('${resources.v}', {
        'volume.default#example.v': { type: 'bind', source: '/srv', bind: { create_host_path: true } },
      }),
    ).toEqual({
      yaml: 'type: bind\nsource: /srv\ntarget: /mnt\nbind: {}\n',
    });
  });

  it('keeps the uid as a tmpfs source and refuses a sub-path', () => {
    expect(
      mount('${resources.v}', { 'volume.default#example.v': { type: 'tmpfs', tmpfs: { size: 10000000 } } }),
    ).toEqual({
      yaml: 'type: tmpfs\nsource: volume.default#example.v\ntarget: /mnt\ntmpfs:\n  size: "10000000"\n',
    });
    expect(mount('${resources.v}', { 'volume.default#example.v': { type: 'tmpfs' } }, { path: 'p' })).toEqual({
      error: "can't mount named tmpfs volume with sub path 'p': not supported",
    });
  });

  it('mounts any other source as a named volume', () => {
    expect(mount('my-volume', {})).toEqual({ yaml: 'type: volume\nsource: my-volume\ntarget: /mnt\n' });
  });

  it('words output problems as score-compose does', () => {
    expect(mount('${resources.nope}', {})).toEqual({ error: "resource 'nope' does not exist" });
    expect(mount('${resources.v}', { 'volume.default#example.v': {} })).toEqual({
      error: "resource 'volume.default#example.v' has no 'type' output",
    });
    expect(mount('${resources.v}', { 'volume.default#example.v': { type: 'nfs' } })).toEqual({
      error: "resource 'volume.default#example.v' has invalid type 'nfs'",
    });
    expect(
      mount('${resources.v}', { 'volume.default#example.v': { type: 'volume', source: 's', extra: 1 } }),
    ).toMatchObject({
      error: expect.stringMatching(/^resource 'volume.default#example.v' outputs cannot decode for volume/),
    });
  });
});
