import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Conversation } from '../contract/messaging.ts';
import { keyFor } from '../keys.ts';
import { sortConversations } from './cache.ts';

/**
 * `GET /api/v1/user/messaging/conversations`, newest last message first; with `partnerId` only
 * the conversation with that user (0 or 1 item, issue 38).
 */
export const fetchConversations = async (partnerId?: Id): Promise<Conversation[]> =>
  sortConversations(
    await call('conversations', partnerId === undefined ? {} : { query: { partnerId } }),
  );

export const CONVERSATIONS_KEY = keyFor('conversations');

/**
 * Key of the list filtered to one partner (`…/conversations?partnerId=7`): the live list
 * revalidates it when that partner's conversation changes (use-conversations-live.ts in ui).
 */
export const partnerConversationsKey = (partnerId: Id): string =>
  keyFor('conversations', undefined, { partnerId });

/**
 * Every conversation (the widget's list), or with `partnerId` only the one with that user: a
 * coach's client page asks for that one, not for her ~400 (issue 38).
 */
export function useConversations(
  options: { enabled?: boolean; partnerId?: Id } = {},
  config?: SWRConfiguration<Conversation[], ApiError>,
) {
  const { enabled, partnerId } = options;
  const swr = useSWR<Conversation[], ApiError>(
    enabled === false
      ? null
      : partnerId === undefined
        ? CONVERSATIONS_KEY
        : partnerConversationsKey(partnerId),
    () => fetchConversations(partnerId),
    config,
  );
  return { ...swr, conversations: swr.data };
}
