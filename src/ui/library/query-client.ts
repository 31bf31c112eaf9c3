import { QueryClient } from '@tanstack/react-query';

/**
 * The library's TanStack Query client. In a module of its own, loaded when the library is first
 * used (its page, a save) or once the first page is up: TanStack Query stays out of the first download.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 5_000 } } });
}
