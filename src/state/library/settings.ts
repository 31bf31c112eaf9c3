import type { ApiCredentials } from '../../api/http-repository';
import { servedApi, type ServedApi } from '../../api/served-api';
import type { KeyValueStorage } from '../browser/storage';

/**
 * Where the workload library lives: in this browser (the default, nothing to set up) or on a server
 * that implements the workloads API. The token or API key is a secret: it is kept for this browser
 * session only (sessionStorage) unless the user ticks "remember" (then localStorage), and it is
 * never written next to the other settings.
 */
export type RepositoryKind = 'local' | 'remote';
export type AuthKind = ApiCredentials['kind'];

export interface LibrarySettings {
  repository: RepositoryKind;
  /** The API's base URL, e.g. https://api.example.com/v1 (only used when `repository` is 'remote'). */
  baseUrl: string;
  auth: AuthKind;
  /** The Bearer token or the API key, as `auth` says. */
  secret: string;
  /** Keep the secret after the browser is closed. */
  remember: boolean;
}

export const defaultSettings: LibrarySettings = {
  repository: 'local',
  baseUrl: '',
  auth: 'none',
  secret: '',
  remember: false,
};

export interface SettingsStorage {
  /** Survives closing the browser: the settings, and the secret when it is to be remembered. */
  local?: KeyValueStorage | undefined;
  /** This tab's session: the secret otherwise. */
  session?: KeyValueStorage | undefined;
}

export const SETTINGS_KEY = 'score-designer.library.settings';
export const SECRET_KEY = 'score-designer.library.secret';

/**
 * The settings kept in this browser. Before any are kept, a page served by a workloads server
 * (`score-designer serve`) starts with its library on that server; any other page in this browser.
 */
export function loadSettings(storage: SettingsStorage, served: ServedApi | undefined = servedApi()): LibrarySettings {
  const saved = readJson(storage.local, SETTINGS_KEY);
  if (saved === undefined && served) {
    const secret = read(storage.session, SECRET_KEY) ?? '';
    const auth = served.credentialsRequired ? 'api-key' : 'none';
    return { ...defaultSettings, repository: 'remote', baseUrl: served.baseUrl, auth, secret };
  }
  const record = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  const remember = record['remember'] === true;
  const secret = read(remember ? storage.local : storage.session, SECRET_KEY) ?? '';
  return {
    repository: record['repository'] === 'remote' ? 'remote' : 'local',
    baseUrl: typeof record['baseUrl'] === 'string' ? record['baseUrl'] : '',
    auth: isAuthKind(record['auth']) ? record['auth'] : 'none',
    secret,
    remember,
  };
}

/** Writes the settings; the secret goes to one storage only, and is removed from the other. */
export function storeSettings(settings: LibrarySettings, storage: SettingsStorage): void {
  const { secret, ...rest } = settings;
  write(storage.local, SETTINGS_KEY, JSON.stringify(rest));
  const [keep, drop] = settings.remember ? [storage.local, storage.session] : [storage.session, storage.local];
  remove(drop, SECRET_KEY);
  if (secret && settings.auth !== 'none') write(keep, SECRET_KEY, secret);
  else remove(keep, SECRET_KEY);
}

export type BaseUrlCheck = { ok: true; url: string; warning?: string } | { ok: false; message: string };

/**
 * A base URL the app may send workloads to: http(s), without credentials, query or fragment in it.
 * Plain http to another machine is allowed (a team's test server) with a warning: the token travels
 * unencrypted.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (!text)
    return { ok: false, message: 'Enter the address of the workloads API, such as https://api.example.com/v1.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `“${text}” is not a full address: start it with https:// (or http://).` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `The address must start with https:// or http://, not ${url.protocol}//.` };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      message: 'Leave the user name and password out of the address: use the token or API key fields.',
    };
  }
  if (url.search || url.hash) {
    return {
      ok: false,
      message: 'The address must not have a query (?…) or a fragment (#…): give the API’s base path only.',
    };
  }
  const clean = url.href.replace(/\/+$/, '');
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return {
      ok: true,
      url: clean,
      warning: 'This address is not encrypted (http): workloads and credentials travel in clear. Prefer https://.',
    };
  }
  return { ok: true, url: clean };
}

/** What stops these settings from being used, in words; undefined when they can be. */
export function settingsProblem(settings: LibrarySettings): string | undefined {
  if (settings.repository === 'local') return undefined;
  const url = checkBaseUrl(settings.baseUrl);
  if (!url.ok) return url.message;
  if (settings.auth === 'bearer' && !settings.secret.trim()) return 'Enter the token, or choose “No credentials”.';
  if (settings.auth === 'api-key' && !settings.secret.trim()) return 'Enter the API key, or choose “No credentials”.';
  return undefined;
}

export function credentialsOf(settings: LibrarySettings): ApiCredentials {
  const secret = settings.secret.trim();
  switch (settings.auth) {
    case 'bearer':
      return { kind: 'bearer', token: secret };
    case 'api-key':
      return { kind: 'api-key', key: secret };
    case 'none':
      return { kind: 'none' };
  }
}

/** Where the library is, in words for the page ("in this browser", "on https://…"). */
export function describeRepository(settings: LibrarySettings): string {
  if (settings.repository === 'local') return 'in this browser';
  const url = checkBaseUrl(settings.baseUrl);
  return `on the server ${url.ok ? url.url : settings.baseUrl}`;
}

function isAuthKind(value: unknown): value is AuthKind {
  return value === 'none' || value === 'bearer' || value === 'api-key';
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function read(storage: KeyValueStorage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function readJson(storage: KeyValueStorage | undefined, key: string): unknown {
  const text = read(storage, key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function write(storage: KeyValueStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or refused: the settings still apply to this page.
  }
}

function remove(storage: KeyValueStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: a storage that refuses writes holds nothing of ours.
  }
}
