import { describe, expect, it } from 'vitest';
import {
  checkBaseUrl,
  credentialsOf,
  defaultSettings,
  describeRepository,
  loadSettings,
  SECRET_KEY,
  SETTINGS_KEY,
  settingsProblem,
  storeSettings,
  type LibrarySettings,
} from './settings';
import type { KeyValueStorage } from '../browser/storage';
import { memoryStorage } from '../../../test/support/library';

const remote: LibrarySettings = {
  repository: 'remote',
  baseUrl: 'https://api.example.com/v1',
  auth: 'bearer',
  secret: 's3cret-token',
  remember: false,
};

describe('library settings', () => {
  it('start with the library in this browser when nothing is stored', () => {
    expect(loadSettings({})).toEqual(defaultSettings);
    expect(loadSettings({ local: memoryStorage(), session: memoryStorage() }).repository).toBe('local');
  });

  it('keep the token for the session only unless "remember" is ticked', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    storeSettings(remote, { local, session });
    expect(session.data.get(SECRET_KEY)).toBe('s3cret-token');
    expect(local.data.has(SECRET_KEY)).toBe(false);
    // The other settings never carry the secret.
    expect(local.data.get(SETTINGS_KEY)).not.toContain('s3cret');
    expect(loadSettings({ local, session })).toEqual(remote);
    // A new browser session: the session storage is empty, the token is gone, the rest stays.
    expect(loadSettings({ local, session: memoryStorage() })).toEqual({ ...remote, secret: '' });
  });

  it('move the token to lasting storage when remembered, and out of it when no longer', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    storeSettings({ ...remote, remember: true }, { local, session });
    expect(local.data.get(SECRET_KEY)).toBe('s3cret-token');
    expect(session.data.has(SECRET_KEY)).toBe(false);
    expect(loadSettings({ local, session: memoryStorage() })).toEqual({ ...remote, remember: true });

    storeSettings({ ...remote, remember: false }, { local, session });
    expect(local.data.has(SECRET_KEY)).toBe(false);
    expect(session.data.get(SECRET_KEY)).toBe('s3cret-token');
  });

  it('forget the secret when the credentials are switched off', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    storeSettings(remote, { local, session });
    storeSettings({ ...remote, auth: 'none' }, { local, session });
    expect(session.data.has(SECRET_KEY)).toBe(false);
    expect(local.data.has(SECRET_KEY)).toBe(false);
  });

  it('ignore damaged or foreign stored values', () => {
    const local = memoryStorage();
    local.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings({ local })).toEqual(defaultSettings);
    local.setItem(SETTINGS_KEY, JSON.stringify({ repository: 'ftp', auth: 'basic', baseUrl: 7 }));
    expect(loadSettings({ local })).toEqual(defaultSettings);
  });

  it('work when the browser refuses storage', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => storeSettings(remote, { local: refusing, session: refusing })).not.toThrow();
    expect(loadSettings({ local: refusing, session: refusing })).toEqual(defaultSettings);
  });
});

describe('the base URL', () => {
  it('accepts http(s) addresses and drops the trailing slash', () => {
    expect(checkBaseUrl(' https://api.example.com/v1/ ')).toEqual({ ok: true, url: 'https://api.example.com/v1' });
    expect(checkBaseUrl('http://127.0.0.1:4010')).toEqual({ ok: true, url: 'http://127.0.0.1:4010' });
  });

  it('warns when credentials would travel unencrypted to another machine', () => {
    const check = checkBaseUrl('http://library.example.com');
    expect(check.ok && check.warning).toMatch(/not encrypted/);
    const local = checkBaseUrl('http://localhost:8080');
    expect(local.ok && local.warning).toBeFalsy();
  });

  it.each([
    ['', /Enter the address/],
    ['api.example.com', /not a full address/],
    ['ftp://example.com', /https:\/\/ or http:\/\//],
    ['javascript:alert(1)', /https:\/\/ or http:\/\//],
    ['https://user:pw@example.com', /user name and password/],
    ['https://example.com/v1?x=1', /query/],
    ['https://example.com/v1#x', /fragment/],
  ])('refuses %j with a message', (input, message) => {
    const check = checkBaseUrl(input);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toMatch(message);
  });

  it('settings name what stops them from being used', () => {
    expect(settingsProblem(defaultSettings)).toBeUndefined();
    expect(settingsProblem(remote)).toBeUndefined();
    expect(settingsProblem({ ...remote, baseUrl: 'nope' })).toMatch(/not a full address/);
    expect(settingsProblem({ ...remote, secret: ' ' })).toMatch(/token/);
    expect(settingsProblem({ ...remote, auth: 'api-key', secret: '' })).toMatch(/API key/);
    expect(settingsProblem({ ...remote, auth: 'none', secret: '' })).toBeUndefined();
  });

  it('turns into the credentials the HTTP repository sends', () => {
    expect(credentialsOf(remote)).toEqual({ kind: 'bearer', token: 's3cret-token' });
    expect(credentialsOf({ ...remote, auth: 'api-key', secret: ' k ' })).toEqual({ kind: 'api-key', key: 'k' });
    expect(credentialsOf({ ...remote, auth: 'none' })).toEqual({ kind: 'none' });
    expect(describeRepository(defaultSettings)).toBe('in this browser');
    expect(describeRepository(remote)).toBe('on the server https://api.example.com/v1');
  });
});
