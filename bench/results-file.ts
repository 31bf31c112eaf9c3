import { readFile, writeFile } from 'node:fs/promises';

/**
 * bench/results.json holds one part per bench ("validate", "ui", "graph"): each bench replaces only its
 * own part, so running one bench never drops the figures of another.
 */
export async function writeBenchPart(file: string, part: string, value: unknown): Promise<void> {
  let results: Record<string, unknown> = {};
  try {
    results = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // no results yet (or unreadable ones): start the file afresh
  }
  results[part] = value;
  await writeFile(file, JSON.stringify(results, null, 2) + '\n');
}
