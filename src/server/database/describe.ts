import path from 'node:path';
import type { DatabaseTarget } from './database';

/** The address without its password, for logs and messages. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the PostgreSQL server (its address could not be read)';
  }
}

/** Where the workloads are kept, in words for the person who started the server. */
export function describeTarget(target: DatabaseTarget): string {
  if ('data' in target) return `in ${path.resolve(target.data)} (embedded PostgreSQL, PGlite)`;
  return `on the PostgreSQL server ${describeUrl(target.databaseUrl)}`;
}
