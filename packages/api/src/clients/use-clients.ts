import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { Client, ClientListQuery, ClientPage } from '../contract/clients.ts';
import { keyFor } from '../keys.ts';
import { callList, callPage } from '../paging.ts';

/** `GET /api/v1/admin/clients`. */
export const fetchClients = (): Promise<Client[]> => callList<Client>('clients');

export const CLIENTS_KEY = keyFor('clients');

/** Spec §9: client queries are cached for 5 minutes. */
export const CLIENT_CACHE_MS = 5 * 60 * 1000;

export const clientCacheConfig = {
  dedupingInterval: CLIENT_CACHE_MS,
  revalidateOnFocus: false,
  revalidateIfStale: false,
} as const satisfies SWRConfiguration;

export function useClients(config?: SWRConfiguration<Client[], ApiError>) {
  const swr = useSWR<Client[], ApiError>(CLIENTS_KEY, fetchClients, {
    ...clientCacheConfig,
    ...config,
  });
  return { ...swr, clients: swr.data };
}

/**
 * One page of the client list (design §4.13): search `q` over name, personal number and e-mail,
 * sort and status filter. Keyed by the query, so each page and search is cached on its own;
 * the previous page stays on screen while the next loads (`keepPreviousData`).
 */
export const fetchClientPage = (query: ClientListQuery): Promise<ClientPage> =>
  callPage<Client>('clients', { query });

export const clientPageKey = (query: ClientListQuery): string =>
  keyFor('clients', undefined, { page: 1, ...query });

/** `null` asks nothing (a search field still empty). */
export function useClientPage(
  query: ClientListQuery | null,
  config?: SWRConfiguration<ClientPage, ApiError>,
) {
  const key = query ? clientPageKey(query) : null;
  const swr = useSWR<ClientPage, ApiError>(key, () => fetchClientPage(query!), {
    keepPreviousData: true,
    ...config,
  });
  return { ...swr, page: swr.data };
}
