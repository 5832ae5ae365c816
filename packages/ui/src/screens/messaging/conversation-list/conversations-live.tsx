import type { ReactNode } from 'react';
import type { Id } from '@halsa/api/contract';
import { ConversationsLiveContext, useConversationsLive } from './use-conversations-live';

/**
 * Keeps the conversation list live for everything below it, once: the conversation lists
 * inside do not subscribe again (see ConversationsLiveContext).
 */
export function ConversationsLive({
  userId,
  children,
}: {
  /** null: nothing is subscribed (the staff rule holds her back). */
  userId: Id | null;
  children: ReactNode;
}) {
  useConversationsLive(userId);
  return <ConversationsLiveContext value={true}>{children}</ConversationsLiveContext>;
}
