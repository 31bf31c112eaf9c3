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
export const NO_PLATFORM: StoredPlatform = { on: false, config: null, policies: [] };

export function readStoredPlatform(storage: KeyValueStorage | undefined): StoredPlatform {
  try {
    const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return NO_PLATFORM;
    const { on, config, policies } = value as Record<string, unknown>;
    const entry = asEntry(config);
    return {
      on: on === true,
      config: entry?.kind === 'config' ? entry : null,
      policies: Array.isArray(policies)
        ? policies.map(asEntry).filter((e): e is PlatformEntry => e?.kind === 'policies')
        : [],
    };
  } catch {
    return NO_PLATFORM;
  }
}

export function writeStoredPlatform(storage: KeyValueStorage | undefined, platform: StoredPlatform): void {
  try {
    if (!platform.on && !platform.config && platform.policies.length === 0) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(platform));
  } catch {
    // Storage full or refused: the platform still works for this visit.
  }
}

/** A stored entry, field by field; anything else is dropped. */
function asEntry(value: unknown): PlatformEntry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, text, url, kind, summary, warnings } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof text !== 'string' || (kind !== 'config' && kind !== 'policies')) {
    return undefined;
  }
  return {
    name,
    text,
    ...(typeof url === 'string' ? { url } : {}),
    kind,
    summary: typeof summary === 'string' ? summary : '',
    warnings: Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string') : [],
  };
}
