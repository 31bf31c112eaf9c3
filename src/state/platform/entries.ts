import type { KeyValueStorage } from '../browser/storage';

/** A platform file as loaded: its text (the truth, kept between visits), what it holds and its warnings. */
export interface PlatformEntry {
  name: string;
  text: string;
  /** The address it was fetched from, when it was. */
  url?: string;
  kind: 'config' | 'policies';
  /** What it holds, in a line ("OrchestratorConfig shop: 2 profiles, 1 provisioner"). */
  summary: string;
  /** Its warnings, each with its line (a binding naming a policy no file defines, …). */
  warnings: string[];
}

/** What is kept between visits: whether the orchestrator view is on, and the files. */
export interface StoredPlatform {
  on: boolean;
  config: PlatformEntry | null;
  policies: PlatformEntry[];
}

const STORAGE_KEY = 'score-designer.platform.v1';

/** What was kept; an entry that is not one (edited by hand, an older form) is dropped. */
export function readStoredPlatform(storage: KeyValueStorage | undefined): StoredPlatform {
  type Stored = Partial<Record<keyof StoredPlatform, unknown>> | null;
  let stored: Stored = null;
  try {
    stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Stored;
  } catch {
    // not ours any more: start without a platform
  }
  const entry = (e: unknown, kind: PlatformEntry['kind']) => {
    const f = e as Partial<Record<keyof PlatformEntry, unknown>> | null;
    const ok =
      f?.kind === kind &&
      typeof f.name === 'string' &&
      typeof f.text === 'string' &&
      typeof f.summary === 'string' &&
      (f.url === undefined || typeof f.url === 'string') &&
      Array.isArray(f.warnings) &&
      f.warnings.every((w) => typeof w === 'string');
    return ok ? (f as PlatformEntry) : null;
  };
  const policies = Array.isArray(stored?.policies) ? stored.policies : [];
  return {
    on: stored?.on === true,
    config: entry(stored?.config, 'config'),
    policies: policies.filter((p) => entry(p, 'policies')) as PlatformEntry[],
  };
}

export function writeStoredPlatform(storage: KeyValueStorage | undefined, platform: StoredPlatform): void {
  try {
    if (!platform.on && !platform.config && platform.policies.length === 0) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(platform));
  } catch {
    // Storage full or refused: the platform still works for this visit.
  }
}
