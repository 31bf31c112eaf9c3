import { useCallback, useMemo } from 'react';
import { resourceTypes, typeOrigin, type ResourceTypeInfo } from '../../core/graph';
import { useCatalog } from '../catalog/catalog-context';

/** The drag-and-drop payload of a palette entry: the resource type. */
export const RESOURCE_TYPE_MIME = 'application/x-score-resource-type';

/** The resource types the canvas offers: those of the active catalog, loaded files included. */
export function usePaletteTypes(): ResourceTypeInfo[] {
  const catalog = useCatalog((s) => s.catalog);
  return useMemo(() => resourceTypes(catalog), [catalog]);
}

/** What the palette knows of a type (title, icon, outputs), or undefined for a type no provisioner offers. */
export function usePaletteType(type: string | undefined): ResourceTypeInfo | undefined {
  const palette = usePaletteTypes();
  return type === undefined ? undefined : palette.find((t) => t.type === type);
}

/** Where each type of the palette comes from ("from acme.provisioners.yaml"), undefined for a built-in one. */
export function useTypeOrigin(): (type: string) => string | undefined {
  const catalog = useCatalog((s) => s.catalog);
  return useCallback((type: string) => typeOrigin(catalog, type), [catalog]);
}
