import type { ProvisionerListRow } from '../core/catalog';

/**
 * `provisioners list` output as score-compose and score-k8s print it (score-go's formatter):
 * `--format json` is Go's JSON encoder with a 2-space indent; the table is tablewriter's, with a
 * line between rows, headers upper-cased and centred, cells left-aligned and padded by one space.
 */
export function listingJson(rows: readonly ProvisionerListRow[]): string {
  // Go escapes <, > and & (and U+2028, U+2029) in JSON strings.
  const text = JSON.stringify(rows, null, 2).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `${text}\n`;
}

const HEADERS = ['Type', 'Class', 'Params', 'Outputs', 'Description'];

export function listingTable(rows: readonly ProvisionerListRow[]): string {
  const cells = rows.map((r) => [r.Type, r.Class, r.Params.join(', '), r.Outputs.join(', '), r.Description].map(trim));
  const headers = HEADERS.map((h) => h.toUpperCase());
  const widths = headers.map((h, i) => Math.max(width(h), ...cells.map((row) => width(row[i]!))));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const row = (values: string[], align: (text: string, w: number) => string) =>
    `|${values.map((v, i) => ` ${align(v, widths[i]!)} `).join('|')}|`;
  const out = [line, row(headers, center), line];
  for (const values of cells) out.push(row(values, left), line);
  return `${out.join('\n')}\n`;
}

function trim(text: string): string {
  return text.trim();
}

/** Display width: one column per character (the listings are ASCII). */
function width(text: string): number {
  return [...text].length;
}

function left(text: string, w: number): string {
  return text + ' '.repeat(Math.max(0, w - width(text)));
}

/** Centred, the extra space (when the gap is odd) on the right, as tablewriter's renderer does. */
function center(text: string, w: number): string {
  const gap = Math.max(0, w - width(text));
  const before = Math.floor(gap / 2);
  return ' '.repeat(before) + text + ' '.repeat(gap - before);
}
