import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Client } from '../contract/clients.ts';
import type { Id } from '../contract/common.ts';
import { keyFor } from '../keys.ts';
import { clientCacheConfig } from './use-clients.ts';

/** `GET /api/v1/admin/clients/:id`. */
export const fetchClient = (id: Id): Promise<Client> => call('client', { params: { id } });

export const clientKey = (id: Id): string => keyFor('client', { id });

export function useClient(id: Id | null | undefined, config?: SWRConfiguration<Client, ApiError>) {
  const swr = useSWR<Client, ApiError>(
    id == null ? null : clientKey(id),
    () => fetchClient(id as Id),
    {
      ...clientCacheConfig,
      ...config,
    },
  );
  return { ...swr, client: swr.data };
}
