import { own, isData, type Data, type Notes } from './read';
import { interpolates } from './values';

/**
 * A service's `ports` (short and long syntax, ranges spread) and `expose`, as the ports Score's
 * service declares; what Score cannot say about them is in the notes.
 */

export interface Port {
  /** The port the container listens on. */
  container: number;
  /** The port published on the host, when one is. */
  host?: number;
  protocol: 'TCP' | 'UDP';
  name?: string;
  at: string[];
}

/** Port ranges wider than this are not spread into single ports. */
const MAX_RANGE = 100;

export function ports(notes: Notes, spec: Data, at: string[]): Port[] {
  const value = own(spec, 'ports');
  if (!Array.isArray(value)) return [];
  const out: Port[] = [];
  value.forEach((item, i) => {
    const here = [...at, 'ports', String(i)];
    const read = isData(item) ? longPort(notes, item, here) : shortPort(notes, item, here);
    out.push(...read);
  });
  return out;
}

export function exposed(notes: Notes, spec: Data, at: string[]): Port[] {
  const value = own(spec, 'expose');
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    const here = [...at, 'expose', String(i)];
    const [range, proto] = String(item).split('/');
    const ports = portRange(range ?? '');
    if (!ports || (proto !== undefined && !['tcp', 'udp'].includes(proto))) {
      notes.notConverted(`"${String(item)}" is no port (or port range) Score can expose; it is left out.`, here);
      return [];
    }
    return ports.map((container): Port => ({ container, protocol: proto === 'udp' ? 'UDP' : 'TCP', at: here }));
  });
}

/** `[IP:][HOST:]CONTAINER[/PROTOCOL]`, each port possibly a range. */
function shortPort(notes: Notes, item: unknown, at: string[]): Port[] {
  const text = typeof item === 'number' ? String(item) : typeof item === 'string' ? item : '';
  const [spec = '', protocol] = text.split('/');
  const parts = spec.split(':');
  const containerText = parts[parts.length - 1] ?? '';
  const hostText = parts.length >= 2 ? parts[parts.length - 2]! : '';
  const ip = parts.length >= 3 ? parts.slice(0, -2).join(':') : '';
  return portsOf(notes, at, text, containerText, hostText, protocol, ip);
}

function longPort(notes: Notes, item: Data, at: string[]): Port[] {
  const target = own(item, 'target');
  const published = own(item, 'published');
  const out = portsOf(
    notes,
    at,
    JSON.stringify(item),
    target === undefined ? '' : String(target),
    published === undefined || published === null ? '' : String(published),
    typeof own(item, 'protocol') === 'string' ? (own(item, 'protocol') as string) : undefined,
    typeof own(item, 'host_ip') === 'string' ? (own(item, 'host_ip') as string) : '',
  );
  const name = own(item, 'name');
  if (typeof name === 'string' && out.length === 1) out[0]!.name = name;
  return out;
}

function portsOf(
  notes: Notes,
  at: string[],
  written: string,
  containerText: string,
  hostText: string,
  protocol: string | undefined,
  ip: string,
): Port[] {
  const containers = portRange(containerText);
  const hosts = hostText === '' ? undefined : portRange(hostText);
  const proto = protocol?.toLowerCase();
  if (!containers || (hostText !== '' && !hosts) || (proto !== undefined && proto !== 'tcp' && proto !== 'udp')) {
    notes.notConverted(
      `The port "${written}" is not one Score can express (a number or range, TCP or UDP${interpolates(written) ? ', with no ${…}' : ''}); it is left out.`,
      at,
    );
    return [];
  }
  if (hosts && hosts.length !== containers.length) {
    notes.notConverted(`The port "${written}" publishes ranges of different sizes; it is left out.`, at);
    return [];
  }
  if (ip !== '' && ip !== '0.0.0.0') {
    notes.changed(
      `The port "${written}" is published on every address: score-compose's --publish names no host address.`,
      at,
    );
  }
  if (!hosts) {
    if (hostText === '' && /:/.test(written)) {
      notes.changed(
        `The port "${written}" is published on a host port Docker picks: it becomes a service port only.`,
        at,
      );
    }
  }
  return containers.map((container, i): Port => ({
    container,
    ...(hosts ? { host: hosts[i]! } : {}),
    protocol: proto === 'udp' ? 'UDP' : 'TCP',
    at,
  }));
}

/** `8080` or `8000-8010` (at most MAX_RANGE ports), each from 1 to 65535. */
function portRange(text: string): number[] | undefined {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (from < 1 || to > 65535 || to < from || to - from >= MAX_RANGE) return undefined;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
