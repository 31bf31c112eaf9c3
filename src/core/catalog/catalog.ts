import { provisionerMatches } from '../provisioners/match';
import { resourceUid } from '../provisioners/uid';
import type { Resource, Workload } from '../workload/types';
import { BUILTIN_ENTRIES, BUILTIN_PROVISIONERS } from './builtin-catalog.generated';
import { SAMPLE_WORKLOAD } from './sample';
import type { Catalog, CatalogEntry } from './types';

let builtin: Catalog | undefined;

/**
 * The catalog with nothing loaded: score-compose's default provisioners and the environment resource.
 * It needs no provisioner file read, so it is here, apart from `buildCatalog` (build.ts): the app
 * checks the first workload against it without loading the template engine that files need. It is
 * generated data (builtin-catalog.generated.ts): its provisioners are listed without their code, which
 * the exporters bring (runnableProvisioners).
 */
export function builtinCatalog(): Catalog {
  builtin ??= { entries: [...BUILTIN_ENTRIES], provisioners: [...BUILTIN_PROVISIONERS], files: [] };
  return builtin;
}

/** What a resource declares that matching looks at. */
export interface ResourceRef {
  type: string;
  class?: string;
  id?: string;
}

/** The entry that would provision the resource (first match, as score-compose), or undefined. */
export function matchEntry(
  catalog: Catalog,
  workload: string,
  name: string,
  resource: ResourceRef,
): CatalogEntry | undefined {
  const uid = resourceUid(workload, name, resource.type, resource.class, resource.id);
  return catalog.entries.find((e) => provisionerMatches(e, uid));
}

/** What a resource of the workload declares that matching looks at; undefined when it has no type. */
export function resourceRef(resource: Resource): ResourceRef | undefined {
  if (typeof resource.type !== 'string') return undefined;
  return {
    type: resource.type,
    ...(typeof resource.class === 'string' ? { class: resource.class } : {}),
    ...(typeof resource.id === 'string' ? { id: resource.id } : {}),
  };
}

/**
 * The workload name its resources are matched under (a resource without an id is `type.class#WORKLOAD.NAME`):
 * its name, or the sample workload's while it has none.
 */
export function matchingName(workload: Workload): string {
  const name = workload.metadata?.name;
  return typeof name === 'string' && name !== '' ? name : SAMPLE_WORKLOAD;
}

/** The entry that would provision a resource of the workload, or undefined (no type, or no match). */
export function entryFor(catalog: Catalog, workload: Workload, resource: Resource): CatalogEntry | undefined {
  const ref = resourceRef(resource);
  return ref && matchEntry(catalog, matchingName(workload), resource.name, ref);
}

/** A resource type as the catalog page lists it: every entry of the type, in match order. */
export interface CatalogType {
  type: string;
  /** The first entry's description (the one a resource without class gets, usually). */
  description: string;
  /** The classes entries are restricted to; "(any)" when an entry takes every class. */
  classes: string[];
  entries: CatalogEntry[];
}

export const ANY_CLASS = '(any)';

/** Entries grouped by type, types in alphabetical order. */
export function catalogTypes(catalog: Catalog): CatalogType[] {
  const byType = new Map<string, CatalogType>();
  for (const entry of catalog.entries) {
    let t = byType.get(entry.type);
    if (!t) {
      t = { type: entry.type, description: entry.description, classes: [], entries: [] };
      byType.set(entry.type, t);
    }
    if (!t.description) t.description = entry.description;
    t.entries.push(entry);
    const klass = entry.class ?? ANY_CLASS;
    if (!t.classes.includes(klass)) t.classes.push(klass);
  }
  return [...byType.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

/**
 * The types whose type, description, class, uri, params or outputs contain every word of the query
 * (case-insensitive). An empty query gives every type.
 */
export function searchCatalog(types: readonly CatalogType[], query: string): CatalogType[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...types];
  return types.filter((t) => {
    const haystack = [
      t.type,
      t.description,
      ...t.entries.flatMap((e) => [
        e.class ?? '',
        e.id ?? '',
        e.uri,
        e.description,
        ...e.params.map((p) => p.name),
        ...e.outputs.flatMap((o) => [o.name, o.description]),
      ]),
    ]
      .join('\n')
      .toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
