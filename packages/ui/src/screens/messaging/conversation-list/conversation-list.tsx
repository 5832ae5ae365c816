import { useId, useState } from 'react';
import { useConversations, useSession } from '@halsa/api';
import type { Conversation } from '@halsa/api/contract';
import { cn } from '../../../lib/cn';
import { FileIcon } from '../../../lib/icons';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { unreadCountText } from '../../../primitives/badge/badge';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';
import { formatRelative } from '../../../lib/format';
import { Avatar } from '../../../components/avatar/avatar';
import {
  LIST_HEADING,
  NEW_CONVERSATION_LABEL,
  NO_CONVERSATIONS_TEXT,
  RETRY_LOAD_LABEL,
} from '../shared/labels';
import { useNow } from '../shared/use-now';
import {
  CONVERSATION_SORT_OPTIONS,
  DEFAULT_CONVERSATION_SORT,
  isConversationSort,
  lastMessagePreview,
  sortConversationsBy,
  type ConversationSort,
} from './sort-conversations';
import { useConversationsLive } from './use-conversations-live';

export const SORT_LABEL = 'Sortera efter';
export const LOADING_CONVERSATIONS_TEXT = 'Hämtar konversationer…';
export const NO_MESSAGES_YET_TEXT = 'Inga meddelanden ännu';

export interface ConversationListProps {
  /** Opens a conversation (the list item was chosen). */
  onOpenConversation: (conversation: Conversation) => void;
  /** 'Ny konversation' was pressed. */
  onNewConversation: () => void;
  defaultSort?: ConversationSort;
  /** Heading level of 'Senaste konversationer', so it fits the outline around it. */
  headingLevel?: 2 | 3 | 4;
  /** "Now" for the relative times (stories); the clock otherwise. */
  now?: Date;
  className?: string;
}

function ConversationItem({
  conversation,
  now,
  onOpen,
}: {
  conversation: Conversation;
  now: Date;
  onOpen: () => void;
}) {
  const { partner, lastMessage, unreadCount } = conversation;
  const preview = lastMessagePreview(conversation);
  const unread = unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-unread={unread ? '' : undefined}
        className={cn(
          'flex w-full cursor-pointer items-center gap-3 rounded-control px-2 py-2 text-left',
          'hover:bg-surface-sunken',
        )}
      >
        <Avatar fullName={partner.fullName} imageUrl={partner.imageUrl} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={cn(
                'min-w-0 [overflow-wrap:anywhere]',
                unread ? 'font-bold' : 'font-semibold',
              )}
            >
              {partner.fullName}
            </span>
            {lastMessage ? (
              <time dateTime={lastMessage.timestamp} className="shrink-0 text-xs text-fg-muted">
                {formatRelative(lastMessage.timestamp, now)}
              </time>
            ) : null}
          </span>
          <span className="flex items-center justify-between gap-2">
            <span
              className={cn(
                'flex min-w-0 items-center gap-1 text-sm',
                unread ? 'font-medium text-fg' : 'text-fg-muted',
              )}
            >
              {lastMessage?.originalFileName ? <FileIcon className="size-4 shrink-0" /> : null}
              {/* Two lines at most, wrapped, never cut off sideways. */}
              <span className="line-clamp-2 min-w-0 [overflow-wrap:anywhere]">
                {preview ?? NO_MESSAGES_YET_TEXT}
              </span>
            </span>
            {unread ? (
              <Badge variant="unread" className="shrink-0" data-slot="unread-badge">
                <span aria-hidden="true">{unreadCount}</span>
                <span className="sr-only">{unreadCountText(unreadCount)}</span>
              </Badge>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * 'Senaste konversationer' (spec §2.7, §4): the signed-in user's conversations with partner,
 * last message (file name for a file message), relative time and unread count; a client-side
 * sort (Namn, Status = unread first, Senaste = newest first, the default); 'Ny konversation'.
 * The list stays live over `/topic/users/{userId}/conversations`.
 */
export function ConversationList({
  onOpenConversation,
  onNewConversation,
  defaultSort = DEFAULT_CONVERSATION_SORT,
  headingLevel = 3,
  now: fixedNow,
  className,
}: ConversationListProps) {
  const headingId = useId();
  const [sort, setSort] = useState<ConversationSort>(defaultSort);
  const { user } = useSession();
  const { conversations, error, isLoading, mutate } = useConversations();
  const now = useNow(fixedNow);
  useConversationsLive(user?.id);

  const Heading = `h${headingLevel}` as const;

  let body;
  if (conversations) {
    body =
      conversations.length === 0 ? (
        <EmptyState
          title={NO_CONVERSATIONS_TEXT}
          headingLevel={Math.min(headingLevel + 1, 4) as 3 | 4}
          className="py-6"
        />
      ) : (
        <ul
          aria-labelledby={headingId}
          className="-mx-2 flex max-h-[57vh] flex-col gap-0.5 overflow-y-auto p-0.5"
        >
          {sortConversationsBy(conversations, sort).map((conversation) => (
            <ConversationItem
              key={conversation.conversationId}
              conversation={conversation}
              now={now}
              onOpen={() => onOpenConversation(conversation)}
            />
          ))}
        </ul>
      );
  } else if (error) {
    body = (
      <Alert
        variant="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {RETRY_LOAD_LABEL}
          </Button>
        }
      >
        {error.message}
      </Alert>
    );
  } else if (isLoading || !conversations) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={LOADING_CONVERSATIONS_TEXT} showLabel />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} tabIndex={-1} data-autofocus="" className="text-lg font-semibold">
          {LIST_HEADING}
        </Heading>
        <Button size="sm" onClick={onNewConversation}>
          {NEW_CONVERSATION_LABEL}
        </Button>
      </div>
      <Select
        label={SORT_LABEL}
        options={CONVERSATION_SORT_OPTIONS}
        value={sort}
        onChange={(event) => {
          const value = event.target.value;
          if (isConversationSort(value)) setSort(value);
        }}
      />
      {body}
    </section>
  );
}
