import { atoi as goAtoi } from '../../go/strconv/atoi';
import { decodeYaml } from '../../go/yaml/decode';
import type { ProvisionerOutput, ProvisionInput, ProvisionResult } from '../types';

/**
 * Helpers shared by the built-in provisioners. They reproduce what score-compose's default
 * provisioner templates produce, so the few template idioms they rely on live here once.
 */

/** sprig `dig`: the value at a path of map keys, or the default when any key is missing. */
export function dig(value: unknown, keys: string[], fallback: unknown): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return fallback;
    const map = current as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(map, key)) return fallback;
    current = map[key];
  }
  return current;
}

/** dig for a string value, printed the way a template prints it. */
export function digText(value: unknown, keys: string[], fallback: string): string {
  return print(dig(value, keys, fallback));
}

/** How Go's text/template prints a value. */
export function print(value: unknown): string {
  if (value === null || value === undefined) return '<no value>';
  if (typeof value === 'string') return value;
  return String(value);
}

/**
 * A value written into a template without `quote` is read back by the YAML decoder, so a
 * random password made only of digits becomes a number. This does the same, with the decoder the
 * template adapter uses.
 */
export function unquoted(text: string): unknown {
  const decoded = decodeYaml(text);
  if ('error' in decoded) return text;
  return decoded.value === undefined ? null : decoded.value;
}

/** A resource metadata annotation, as `dig "annotations" KEY DEFAULT .Metadata` reads it. */
export function annotation(input: ProvisionInput, key: string, fallback: string): string {
  return print(dig(input.metadata, ['annotations', key], fallback));
}

/** sprig atoi (Go's strconv.Atoi): the integer, or 0 when the text is not exactly one (" 9000" is not). */
export function atoi(text: string): number {
  return goAtoi(text) ?? 0;
}

/** sprig squote: single quotes around the text. */
export function squote(text: string): string {
  return `'${text}'`;
}

/** The label score-compose's provisioners put on what they create. */
export const RES_UID_LABEL = 'dev.score.compose.res.uid';
export const INIT_CONTAINER_LABEL = 'dev.score.compose.labels.is-init-container';

/** A compose `published` value: the template writes it unquoted, so "5432" is read as 5432. */
export function published(port: string): unknown {
  return unquoted(port);
}

export function result(parts: Partial<ProvisionResult>): ProvisionResult {
  return {
    outputs: parts.outputs ?? {},
    state: parts.state ?? {},
    ...(parts.shared ? { shared: parts.shared } : {}),
    ...(parts.lookup ? { lookup: parts.lookup } : {}),
    services: parts.services ?? {},
    volumes: parts.volumes ?? {},
    networks: parts.networks ?? {},
    files: parts.files ?? {},
    directories: parts.directories ?? {},
    info: parts.info ?? [],
  };
}

/** One-key record whose key is data (a service or volume name), safe for any name. */
export function keyed<T>(...entries: Array<[string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [k, v] of entries) out[k] = v;
  return out;
}

/**
 * The error score-compose prints when its template calls `fail`, with the template's line and
 * column, so that our built-ins fail with exactly score-compose's words.
 */
export function templateFail(template: string, line: number, column: number, message: string, call?: string): string {
  return `${template} template failed: failed to execute template: template: :${line}:${column}: executing "" at <${call ?? `fail "${message}"`}>: error calling fail: ${message}`;
}

/**
 * What postgres and mysql share: one database per resource on a server shared by all of them.
 * The catalog's outputs, with the server's words for its user.
 */
export function databaseOutputs(server: string, port: number, user: string, password: string): ProvisionerOutput[] {
  return [
    { name: 'host', description: `The ${server} service name.` },
    { name: 'port', description: `Always ${port}.` },
    { name: 'name', description: 'The database name (same as database).' },
    { name: 'database', description: 'The database name.' },
    { name: 'username', description: user },
    { name: 'password', description: password, secret: true },
  ];
}

/** The names and passwords the templates draw for a database on a shared server, in their order. */
export interface DatabaseDraws {
  service: string;
  database: string;
  username: string;
  password: string;
}

/**
 * The database, user and password kept in the resource's state, and the server's name and
 * password kept in the shared state under `sharedKey`; the drawn values where there are none yet.
 */
export function databaseOnSharedServer(input: ProvisionInput, sharedKey: string, drawn: DatabaseDraws) {
  return {
    database: digText(input.state, ['database'], drawn.database),
    username: digText(input.state, ['username'], drawn.username),
    password: digText(input.state, ['password'], drawn.password),
    instance: digText(input.shared, [sharedKey, 'instanceServiceName'], drawn.service),
    instancePassword: digText(input.shared, [sharedKey, 'instancePassword'], drawn.password),
  };
}

/** The outputs of a database on a shared server, read back as the template writes them (unquoted). */
export function databaseResult(host: string, port: number, database: string, username: string, password: string) {
  return {
    host: unquoted(host),
    port,
    name: unquoted(database),
    database: unquoted(database),
    username: unquoted(username),
    password: unquoted(password),
  };
}
