import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Client } from '../contract/clients.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/clients`. */
export const fetchClients = (): Promise<Client[]> => call('clients');

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
