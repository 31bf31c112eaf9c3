/** What the stores need of `localStorage` or `sessionStorage` (tests pass a map in memory). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage that may be missing or refuse (private mode, disabled cookies): the app works without it. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | undefined {
  try {
    const storage = (globalThis as Record<string, unknown>)[kind] as Storage | undefined;
    return storage ?? undefined;
  } catch {
    return undefined;
  }
}
