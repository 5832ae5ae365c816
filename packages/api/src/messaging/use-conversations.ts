import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Conversation } from '../contract/messaging.ts';
import { keyFor } from '../keys.ts';
import { sortConversations } from './cache.ts';

/** `GET /api/v1/user/messaging/conversations`, newest last message first. */
export const fetchConversations = async (): Promise<Conversation[]> =>
  sortConversations(await call('conversations'));

export const CONVERSATIONS_KEY = keyFor('conversations');

export function useConversations(
  options: { enabled?: boolean } = {},
  config?: SWRConfiguration<Conversation[], ApiError>,
) {
  const swr = useSWR<Conversation[], ApiError>(
    options.enabled === false ? null : CONVERSATIONS_KEY,
    fetchConversations,
    config,
  );
  return { ...swr, conversations: swr.data };
}
