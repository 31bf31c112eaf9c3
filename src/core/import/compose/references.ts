import { interpolation, scoreLiteral } from './values';

/**
 * A Compose variable's value written as a Score variable: `${NAME}` of the environment Compose runs in
 * becomes `${resources.env.NAME}`; a well-known service's host, port and credentials become its
 * resource's outputs; another container of the same workload is reached at `localhost`.
 */

/** A service the value may name: a resource now, or a container of the same workload. */
export type Reference =
  | { kind: 'resource'; service: string; resource: string; port: string; outputs: Readonly<Record<string, string>> }
  | { kind: 'local'; service: string };

export interface Converted {
  /** The value in Score. */
  value: string;
  /** Each placeholder written, with the Compose text it stands for, in order. */
  pairs: Array<[placeholder: string, original: string]>;
  /** Resources whose outputs it reads. */
  resources: Set<string>;
  /** Environment variables it reads (`${resources.env.NAME}`). */
  environment: Set<string>;
  /** What it cannot say as Compose does, in words (for the notes). */
  lost: string[];
  /** Services of the same workload it now reaches at localhost. */
  localhost: string[];
}

/** Which output a whole value may be, by the variable's name (a password is only taken for a password). */
const HINTS: Array<[output: string, key: RegExp]> = [
  ['password', /PASS|PWD|SECRET/i],
  ['username', /USER/i],
  ['database', /DB|DATABASE|NAME/i],
  ['vhost', /VHOST/i],
];

export function convertValue(raw: string, key: string, references: ReadonlyMap<string, Reference>): Converted {
  const out: Converted = {
    value: '',
    pairs: [],
    resources: new Set(),
    environment: new Set(),
    lost: [],
    localhost: [],
  };
  const whole = wholeValue(raw, key, references, out);
  if (whole !== undefined) {
    out.value = whole;
    return out;
  }
  for (const piece of interpolation(raw)) {
    if (piece.kind === 'text') out.value += withHosts(piece.text, references, out);
    else if (piece.kind === 'variable') {
      const placeholder = '${resources.env.' + piece.name + '}';
      out.value += placeholder;
      out.pairs.push([placeholder, piece.raw]);
      out.environment.add(piece.name);
      if (piece.modifier) {
        out.lost.push(
          `${piece.raw} becomes \${resources.env.${piece.name}}: Score has no "${piece.modifier.slice(0, 2)}" (default or required values)`,
        );
      }
    } else {
      out.value += scoreLiteral(piece.raw);
      out.lost.push(`"${piece.raw}" is no variable Compose can fill in; it is kept as plain text`);
    }
  }
  return out;
}

/** A value that is all one thing: a service's name, `name:port`, or one of a resource's credentials. */
function wholeValue(
  raw: string,
  key: string,
  references: ReadonlyMap<string, Reference>,
  out: Converted,
): string | undefined {
  for (const ref of references.values()) {
    if (ref.kind === 'local') {
      if (raw === ref.service) return local(ref, out, 'localhost');
      if (raw.startsWith(ref.service + ':') && /^\d+$/.test(raw.slice(ref.service.length + 1))) {
        return local(ref, out, 'localhost') + raw.slice(ref.service.length);
      }
      continue;
    }
    const host = output(ref, 'host', ref.service, out);
    if (raw === ref.service) return host();
    if (raw === `${ref.service}:${ref.port}`) return `${host()}:${output(ref, 'port', ref.port, out)()}`;
    if (raw === ref.port && /PORT/i.test(key)) return output(ref, 'port', ref.port, out)();
    for (const [name, hint] of HINTS) {
      const value = ref.outputs[name];
      if (
        value !== undefined &&
        value !== '' &&
        raw === value &&
        hint.test(key) &&
        !(name === 'database' && /USER|HOST/i.test(key))
      ) {
        return output(ref, name, value, out)();
      }
    }
  }
  return undefined;
}

/** Writes a resource output's placeholder (when called), recording what it stands for. */
function output(ref: Extract<Reference, { kind: 'resource' }>, name: string, original: string, out: Converted) {
  return (): string => {
    const placeholder = '${resources.' + ref.resource + '.' + name + '}';
    out.pairs.push([placeholder, original]);
    out.resources.add(ref.resource);
    return placeholder;
  };
}

function local(ref: Extract<Reference, { kind: 'local' }>, out: Converted, host: string): string {
  if (!out.localhost.includes(ref.service)) out.localhost.push(ref.service);
  return host;
}

/** `scheme://[user[:password]@]host[:port][/path]`, the parts as written. */
const URL_PATTERN =
  /([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)(?:([^:@/\s]*)(?::([^@/\s]*))?@)?([^:/?#\s,]+)(?::(\d+))?(\/[^/?#\s]*)?/g;

/** Literal text with the URLs that name a service rewritten; everything else escaped for Score. */
function withHosts(text: string, references: ReadonlyMap<string, Reference>, out: Converted): string {
  let result = '';
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const [all, scheme, user, password, host, port, path] = m as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
      string,
      string | undefined,
      string | undefined,
    ];
    const ref = references.get(host);
    if (!ref) continue;
    result += scoreLiteral(text.slice(at, m.index));
    at = m.index + all.length;
    if (ref.kind === 'local') {
      result += scoreLiteral(
        `${scheme}${user !== undefined ? `${user}${password !== undefined ? `:${password}` : ''}@` : ''}`,
      );
      result += local(ref, out, 'localhost') + scoreLiteral(`${port !== undefined ? `:${port}` : ''}${path ?? ''}`);
      continue;
    }
    const part = (name: string, written: string | undefined): string =>
      written !== undefined && written !== '' && ref.outputs[name] === written
        ? output(ref, name, written, out)()
        : scoreLiteral(written ?? '');
    result += scoreLiteral(scheme);
    if (user !== undefined) {
      result += part('username', user);
      if (password !== undefined) result += ':' + part('password', password);
      result += '@';
    }
    result += output(ref, 'host', host, out)();
    if (port !== undefined) result += ':' + (port === ref.port ? output(ref, 'port', port, out)() : port);
    if (path !== undefined) {
      const database = path.slice(1);
      result +=
        '/' +
        (database !== '' && ref.outputs.database === database
          ? output(ref, 'database', database, out)()
          : scoreLiteral(database));
    }
  }
  return result + scoreLiteral(text.slice(at));
}
