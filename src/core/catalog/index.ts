/**
 * The resource catalog: the resource types the loaded provisioners (and the built-in ones) offer,
 * with their params, outputs and compose services; the catalog layer of validation; completion and
 * preview of placeholders. See README.md for the format.
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
export { builtinCatalogEntries, builtinProvisioners, sampleName } from './entries';
export { loadCatalogFile, provisionersFromFiles, type LoadedEntry } from './load';
export { catalogDocument, catalogJson, catalogYaml, provisionerListing, type ProvisionerListRow } from './document';
export { addResourceArgs, missingServicePort, resourceFromEntry, resourceSnippet } from './snippet';
export { catalogRules } from './validate';
export { completePlaceholder, completePlaceholderIn, type Completion, type CompletionItem } from './complete';
export { placeholderAt } from '../workload/placeholders';
export { previewPlaceholder, type PlaceholderPreview, type PreviewOptions } from './preview';
