import {
  bytes,
  duration,
  flag,
  integer,
  labels,
  list,
  mapOf,
  mappingWithEquals,
  OMIT,
  optionalBool,
  optionalInteger,
  optionalStruct,
  plain,
  scalarText,
  shellCommand,
  sortedMap,
  stringList,
  struct,
  text,
  toBool,
  toNumber,
  type Fields,
  type Shape,
  type ShapeContext,
} from './compose-values';
import { sortKeysV3 } from '../../go/yaml';
import { isRecord } from '../../workload/values';

export type { ShapeContext } from './compose-values';
export { splitShellWords } from './compose-values';

/**
 * Compose objects written by provisioners (services, volumes, networks) decoded the way compose-go's
 * loader.Transform decodes them and re-printed the way yaml.v3 prints compose-go's structs: fields in
 * struct order, empty fields left out, short syntax expanded, durations and byte sizes in Go's form.
 * Keys compose-go does not know are dropped, as score-compose drops them, with a warning.
 */
const healthcheck = struct(
  [
    ['test', (raw) => (typeof raw === 'string' ? ['CMD-SHELL', raw] : stringList(raw, '', { warnings: [] }))],
    ['timeout', duration],
    ['interval', duration],
    ['retries', optionalInteger],
    ['start_period', duration],
    ['start_interval', duration],
    ['disable', flag],
  ],
  'healthcheck',
);

const port: Shape = (raw, path, ctx) => {
  if (typeof raw === 'string' || typeof raw === 'number') return shortPort(String(raw), path, ctx);
  return struct(
    [
      ['name', text],
      ['mode', text],
      ['host_ip', text],
      ['target', integer],
      ['published', text],
      ['protocol', text],
      ['app_protocol', text],
    ],
    'port',
  )(raw, path, ctx);
};

/** `[host_ip:][published:]target[/protocol]`, as docker's nat.ParsePortSpec reads it (single ports). */
function shortPort(spec: string, path: string, ctx: ShapeContext): unknown {
  const m = /^(?:(?:\[([^\]]+)\]|([^:]*)):)??(?:([^:]*):)?(\d+)(?:\/(\w+))?$/.exec(spec);
  if (!m) {
    ctx.warnings.push(`${path}: cannot read port '${spec}'; left out`);
    return OMIT;
  }
  const out = new Map<string, unknown>([['mode', 'ingress']]);
  const hostIp = m[1] ?? m[2];
  if (hostIp) out.set('host_ip', hostIp);
  out.set('target', Number(m[4]));
  if (m[3]) out.set('published', m[3]);
  out.set('protocol', (m[5] ?? 'tcp').toLowerCase());
  return out;
}

const bindOptions = struct(
  [
    ['selinux', text],
    ['propagation', text],
    // OptOut: true is the zero value, so it is printed only when false.
    ['create_host_path', (raw) => (toBool(raw) === true ? OMIT : false)],
    ['recursive', text],
  ],
  'bind option',
);

/** compose-go leaves create_host_path false unless it is set, so `bind: {}` prints it as false. */
export const bindShape: Shape = (raw, path, ctx) => {
  const out = bindOptions(raw, path, ctx);
  const explicit = isRecord(raw) && Object.prototype.hasOwnProperty.call(raw, 'create_host_path');
  if (!(out instanceof Map) || explicit) return out;
  const ordered = new Map<string, unknown>();
  for (const key of ['selinux', 'propagation', 'create_host_path', 'recursive']) {
    if (key === 'create_host_path') ordered.set(key, false);
    else if (out.has(key)) ordered.set(key, out.get(key));
  }
  for (const [k, v] of out) if (!ordered.has(k)) ordered.set(k, v);
  return ordered;
};

export const volumeOptionsShape = struct(
  [
    ['labels', labels],
    ['nocopy', flag],
    ['subpath', text],
  ],
  'volume option',
);

export const tmpfsOptionsShape = struct(
  [
    ['size', bytes],
    ['mode', integer],
  ],
  'tmpfs option',
);

const serviceVolume: Shape = (raw, path, ctx) => {
  if (typeof raw === 'string') return shortVolume(raw);
  return struct(
    [
      ['type', text],
      ['source', text],
      ['target', text],
      ['read_only', flag],
      ['consistency', text],
      ['bind', optionalStruct(bindShape)],
      ['volume', optionalStruct(volumeOptionsShape)],
      ['tmpfs', optionalStruct(tmpfsOptionsShape)],
      ['image', optionalStruct(struct([['subpath', text]], 'image option'))],
    ],
    'service volume',
  )(raw, path, ctx);
};

/** `source:target[:ro]` or a bare target (an anonymous volume). */
function shortVolume(spec: string): Map<string, unknown> {
  const parts = spec.split(':');
  const out = new Map<string, unknown>();
  if (parts.length === 1) {
    out.set('type', 'volume');
    out.set('target', spec);
    return out;
  }
  const [source = '', target = '', mode = ''] = parts;
  const isPath = source.startsWith('.') || source.startsWith('/') || source.startsWith('~');
  out.set('type', isPath ? 'bind' : 'volume');
  out.set('source', source);
  out.set('target', target);
  if (mode.split(',').includes('ro')) out.set('read_only', true);
  // create_host_path is true for the short syntax, and true is the value compose-go leaves out.
  if (isPath) out.set('bind', new Map());
  return out;
}

const dependsOn: Shape = (raw, path, ctx) => {
  const out = new Map<string, unknown>();
  if (Array.isArray(raw)) {
    for (const name of raw.map(scalarText)) {
      out.set(
        name,
        new Map<string, unknown>([
          ['condition', 'service_started'],
          ['required', true],
        ]),
      );
    }
  } else if (isRecord(raw)) {
    for (const name of Object.keys(raw)) {
      const dep = isRecord(raw[name]) ? (raw[name] as Record<string, unknown>) : {};
      const entry = new Map<string, unknown>();
      const condition = text(dep.condition, path, ctx);
      if (condition !== OMIT) entry.set('condition', condition);
      if (toBool(dep.restart) === true) entry.set('restart', true);
      // ServiceDependency.Required has no omitempty: a template that leaves it out prints false.
      entry.set('required', toBool(dep.required) === true);
      out.set(name, entry);
    }
  } else return OMIT;
  return out.size === 0 ? OMIT : sortedMap(out);
};

const ulimits: Shape = (raw) => {
  if (!isRecord(raw)) return OMIT;
  const out = new Map<string, unknown>();
  for (const name of sortKeysV3(Object.keys(raw))) {
    const v = raw[name];
    if (isRecord(v)) {
      const limit = new Map<string, unknown>();
      const soft = toNumber(v.soft);
      const hard = toNumber(v.hard);
      if (soft !== undefined && soft !== 0) limit.set('soft', soft);
      if (hard !== undefined && hard !== 0) limit.set('hard', hard);
      out.set(name, limit);
    } else out.set(name, toNumber(v) ?? v);
  }
  return out.size === 0 ? OMIT : out;
};

const extraHosts: Shape = (raw) => {
  const hosts: string[] = [];
  if (Array.isArray(raw)) {
    for (const item of raw.map(scalarText)) {
      const at = item.search(/[=:]/);
      hosts.push(at < 0 ? item : `${item.slice(0, at)}=${item.slice(at + 1)}`);
    }
  } else if (isRecord(raw)) {
    for (const [host, ip] of Object.entries(raw)) {
      for (const one of Array.isArray(ip) ? ip : [ip]) hosts.push(`${host}=${scalarText(one)}`);
    }
  } else return OMIT;
  return hosts.length === 0 ? OMIT : hosts.sort();
};

const serviceNetworks: Shape = (raw, path, ctx) => {
  if (Array.isArray(raw)) {
    const out = new Map<string, unknown>();
    for (const name of sortKeysV3(raw.map(scalarText))) out.set(name, null);
    return out.size === 0 ? OMIT : out;
  }
  return mapOf(
    struct(
      [
        ['aliases', stringList],
        ['driver_opts', labels],
        ['gw_priority', integer],
        ['interface_name', text],
        ['ipv4_address', text],
        ['ipv6_address', text],
        ['link_local_ips', stringList],
        ['mac_address', text],
        ['priority', integer],
      ],
      'service network',
    ),
  )(raw, path, ctx);
};

const fileReference: Shape = (raw, path, ctx) => {
  if (typeof raw === 'string') return new Map([['source', raw]]);
  return struct(
    [
      ['source', text],
      ['target', text],
      ['uid', text],
      ['gid', text],
      ['mode', optionalInteger],
    ],
    'config or secret reference',
  )(raw, path, ctx);
};

export const buildShape: Shape = (raw, path, ctx) => {
  if (typeof raw === 'string') return new Map([['context', raw]]);
  return struct(
    [
      ['context', text],
      ['dockerfile', text],
      ['dockerfile_inline', text],
      ['entitlements', stringList],
      ['args', mappingWithEquals],
      ['ssh', plain],
      ['labels', labels],
      ['cache_from', stringList],
      ['cache_to', stringList],
      ['no_cache', flag],
      ['additional_contexts', labels],
      ['network', text],
      ['provenance', text],
      ['sbom', text],
      ['pull', flag],
      ['target', text],
      ['shm_size', bytes],
      ['extra_hosts', extraHosts],
      ['isolation', text],
      ['privileged', flag],
      ['secrets', list(fileReference)],
      ['tags', stringList],
      ['ulimits', ulimits],
      ['platforms', stringList],
    ],
    'build',
  )(raw, path, ctx);
};

/** compose-go ServiceConfig, in field order. */
const SERVICE_FIELDS: Fields = [
  ['profiles', stringList],
  ['annotations', labels],
  ['attach', optionalBool],
  ['build', optionalStruct(buildShape)],
  ['develop', plain],
  ['blkio_config', plain],
  ['cap_add', stringList],
  ['cap_drop', stringList],
  ['cgroup_parent', text],
  ['cgroup', text],
  ['cpu_count', integer],
  ['cpu_percent', integer],
  ['cpu_period', integer],
  ['cpu_quota', integer],
  ['cpu_rt_period', integer],
  ['cpu_rt_runtime', integer],
  ['cpus', integer],
  ['cpuset', text],
  ['cpu_shares', integer],
  ['command', shellCommand],
  ['configs', list(fileReference)],
  ['container_name', text],
  ['credential_spec', plain],
  ['depends_on', dependsOn],
  ['deploy', plain],
  ['device_cgroup_rules', stringList],
  ['devices', plain],
  ['dns', stringList],
  ['dns_opt', stringList],
  ['dns_search', stringList],
  ['dockerfile', text],
  ['domainname', text],
  ['entrypoint', shellCommand],
  ['provider', plain],
  ['environment', mappingWithEquals],
  ['env_file', plain],
  ['expose', stringList],
  ['extends', plain],
  ['external_links', stringList],
  ['extra_hosts', extraHosts],
  ['group_add', stringList],
  ['gpus', plain],
  ['hostname', text],
  ['healthcheck', optionalStruct(healthcheck)],
  ['image', text],
  ['init', optionalBool],
  ['ipc', text],
  ['isolation', text],
  ['labels', labels],
  ['label_file', stringList],
  ['links', stringList],
  ['logging', plain],
  ['log_driver', text],
  ['log_opt', labels],
  ['mem_limit', bytes],
  ['mem_reservation', bytes],
  ['memswap_limit', bytes],
  ['mem_swappiness', bytes],
  ['mac_address', text],
  ['models', plain],
  ['net', text],
  ['network_mode', text],
  ['networks', serviceNetworks],
  ['oom_kill_disable', flag],
  ['oom_score_adj', integer],
  ['pid', text],
  ['pids_limit', integer],
  ['platform', text],
  ['ports', list(port)],
  ['privileged', flag],
  ['pull_policy', text],
  ['read_only', flag],
  ['restart', text],
  ['runtime', text],
  ['scale', optionalInteger],
  ['secrets', list(fileReference)],
  ['security_opt', stringList],
  ['shm_size', bytes],
  ['stdin_open', flag],
  ['stop_grace_period', duration],
  ['stop_signal', text],
  ['storage_opt', labels],
  ['sysctls', labels],
  ['tmpfs', stringList],
  ['tty', flag],
  ['ulimits', ulimits],
  ['use_api_socket', flag],
  ['user', text],
  ['userns_mode', text],
  ['uts', text],
  ['volume_driver', text],
  ['volumes', list(serviceVolume)],
  ['volumes_from', stringList],
  ['working_dir', text],
  ['post_start', plain],
  ['pre_stop', plain],
];

export const serviceShape = struct(SERVICE_FIELDS, 'service');

const SERVICE_FIELD_INDEX = new Map(SERVICE_FIELDS.map(([key], i) => [key, i]));

/** Whether compose-go's ServiceConfig has this field (what its JSON decoder accepts in a service). */
export function isServiceField(key: string): boolean {
  return SERVICE_FIELD_INDEX.has(key);
}

/**
 * A service's fields in compose-go's order; `x-` extensions last. For services we build ourselves
 * (workload containers, wait-for-resources) and for fields added to an existing one (--publish).
 */
export function orderServiceFields(fields: Map<string, unknown>): Map<string, unknown> {
  const rank = (key: string): number => SERVICE_FIELD_INDEX.get(key) ?? Number.MAX_SAFE_INTEGER;
  const keys = [...fields.keys()].filter((k) => fields.get(k) !== undefined);
  keys.sort((a, b) => rank(a) - rank(b));
  return new Map(keys.map((k) => [k, fields.get(k)]));
}

/** compose-go VolumeConfig. */
export const volumeShape = struct(
  [
    ['name', text],
    ['driver', text],
    ['driver_opts', labels],
    ['external', flag],
    ['labels', labels],
  ],
  'volume',
);

/** compose-go NetworkConfig. */
export const networkShape = struct(
  [
    ['name', text],
    ['driver', text],
    ['driver_opts', labels],
    ['ipam', plain],
    ['external', flag],
    ['internal', flag],
    ['attachable', flag],
    ['labels', labels],
    ['enable_ipv4', optionalBool],
    ['enable_ipv6', optionalBool],
  ],
  'network',
);
