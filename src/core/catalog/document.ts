import { stringify } from 'yaml';
import type { Catalog, CatalogDocument, CatalogEntry } from './types';

/**
 * The active catalog as a document to download (JSON or YAML): every entry in match order, with
 * where it came from. schemas/catalog.schema.json describes it.
 */
export function catalogDocument(catalog: Catalog): CatalogDocument {
  return {
    apiVersion: 'score-designer.dev/v1',
    kind: 'ResourceCatalog',
    entries: catalog.entries.map((e) => JSON.parse(JSON.stringify(e)) as CatalogEntry),
  };
}

export function catalogJson(catalog: Catalog): string {
  return `${JSON.stringify(catalogDocument(catalog), null, 2)}\n`;
}

export function catalogYaml(catalog: Catalog): string {
  return stringify(catalogDocument(catalog), { lineWidth: 0 });
}

/** One row of `score-compose provisioners list -f json`. */
export interface ProvisionerListRow {
  Type: string;
  Class: string;
  Params: string[];
  Outputs: string[];
  Description: string;
}

/**
 * The entries as `score-compose provisioners list` shows them: sorted by type, class "(any)" when
 * unset, params and outputs sorted.
 */
export function provisionerListing(entries: readonly CatalogEntry[]): ProvisionerListRow[] {
  const rows = entries.map((e) => ({
    Type: e.type,
    Class: e.class ?? '(any)',
    Params: e.params.map((p) => p.name).sort(byString),
    Outputs: e.outputsDeclared && !e.anyOutput ? e.outputs.map((o) => o.name).sort(byString) : [],
    Description: e.description,
  }));
  return rows.sort((a, b) => byString(a.Type, b.Type) || byString(a.Class, b.Class));
}

function byString(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
