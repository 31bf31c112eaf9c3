/**
 * The resource catalog: the resource types the loaded provisioners (and the built-in ones) offer,
 * with their params, outputs and compose services; the registry of resource types; the catalog layer
 * of validation; completion of placeholders. See README.md for the format. (What a placeholder becomes
 * in the Compose export is export/placeholder-preview.ts.)
 */
export type {
  Catalog,
  CatalogDocument,
  CatalogEntry,
  CatalogFile,
  CatalogFileSummary,
  CatalogOutput,
  CatalogParam,
  CatalogService,
  CatalogValue,
  EntrySource,
  ProvisionerKind,
} from './types';
export {
  ANY_CLASS,
  builtinCatalog,
  catalogTypes,
  matchEntry,
  searchCatalog,
  type CatalogType,
  type ResourceRef,
} from './catalog';
export { buildCatalog, type CatalogBuild } from './build';
export { builtinCatalogEntries, sampleName } from './entries';
export { builtinProvisioners, runnableProvisioners } from '../provisioners/builtin/runnable';
export { loadCatalogFile, provisionersFromFiles, type LoadedEntry } from './load';
export { catalogDocument, catalogJson, catalogYaml, provisionerListing, type ProvisionerListRow } from './document';
export { addResourceArgs, missingServicePort, resourceFromEntry, resourceSnippet } from './snippet';
export { catalogRules } from './validate';
export { completePlaceholder, completePlaceholderIn, type Completion, type CompletionItem } from './complete';
export {
  resourceTypeSite,
  typeHover,
  typeSuggestions,
  type ResourceTypeSite,
  type TypeSuggestion,
} from './type-completion';
