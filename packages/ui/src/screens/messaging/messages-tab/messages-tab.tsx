import { useEffect, useRef, useState } from 'react';
import type { Id } from '@halsa/api/contract';
import { cn } from '../../../lib/cn';
import { ConversationList } from '../conversation-list/conversation-list';
import { ConversationView } from '../conversation-view/conversation-view';
import { NewConversation, type NewConversationUser } from '../new-conversation/new-conversation';

/**
 * Why the tab was opened. The widget hands over `{ type: 'open-conversation' | 'start-conversation',
 * seq, … }` (see components/widget/widget-events); the short forms 'open' / 'start' work too.
 * A new `seq` (or other ids) is a new intent, even for the same conversation.
 */
export type MessagesTabIntent = MessagesTabOpenIntent | MessagesTabStartIntent;

export interface MessagesTabOpenIntent {
  type: 'open' | 'open-conversation';
  conversationId: Id;
  seq?: number;
}

export interface MessagesTabStartIntent {
  type: 'start' | 'start-conversation';
  userId: Id;
  fullName: string;
  seq?: number;
}

const isOpenIntent = (intent: MessagesTabIntent): intent is MessagesTabOpenIntent =>
  intent.type === 'open' || intent.type === 'open-conversation';

export interface MessagesTabProps {
  /** From the widget's window events; null/undefined opens the list. */
  intent?: MessagesTabIntent | null;
  /** "Now" for relative times (stories). */
  now?: Date;
  /** Heading level of each view's heading (the widget's title is an h2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export type MessagesTabView =
  | { name: 'list' }
  | { name: 'conversation'; conversationId: Id }
  | { name: 'new'; user: NewConversationUser | null };

const intentKey = (intent: MessagesTabIntent | null | undefined): string => {
  if (!intent) return '';
  const target = isOpenIntent(intent) ? `c${intent.conversationId}` : `u${intent.userId}`;
  return `${intent.type}:${target}:${intent.seq ?? ''}`;
};

/** The view an intent asks for. */
export function viewForIntent(intent: MessagesTabIntent | null | undefined): MessagesTabView {
  if (!intent) return { name: 'list' };
  if (isOpenIntent(intent)) {
    return { name: 'conversation', conversationId: intent.conversationId };
  }
  return { name: 'new', user: { id: intent.userId, fullName: intent.fullName } };
}

/**
 * The widget's Meddelande tab (spec §2.7): the conversation list, one conversation, or a new
 * conversation, with 'Tillbaka' to the list. An intent from the widget's window events opens
 * a conversation or starts one with a chosen user. Focus moves to the new view's heading.
 *
 * Plug it into the widget: `<Widget messagesTab={(intent) => <MessagesTab intent={intent} />} />`.
 */
export function MessagesTab({ intent, now, headingLevel = 3, className }: MessagesTabProps) {
  const [view, setView] = useState<MessagesTabView>(() => viewForIntent(intent));
  const [seenIntent, setSeenIntent] = useState(() => intentKey(intent));
  // Remounts a view that is opened again (e.g. another start intent) so it starts afresh.
  const [generation, setGeneration] = useState(0);
  // Counts view changes after the first render; each one moves focus to the new heading.
  const [moves, setMoves] = useState(0);
  const container = useRef<HTMLDivElement>(null);

  const go = (next: MessagesTabView) => {
    setGeneration((g) => g + 1);
    setMoves((m) => m + 1);
    setView(next);
  };

  // A new intent switches the view (adjusting state while rendering, as React recommends).
  const key = intentKey(intent);
  if (key !== seenIntent) {
    setSeenIntent(key);
    if (intent) go(viewForIntent(intent));
  }

  useEffect(() => {
    if (moves === 0) return;
    container.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [moves]);

  const toList = () => go({ name: 'list' });
  const openConversation = (conversationId: Id) => go({ name: 'conversation', conversationId });

  let content;
  switch (view.name) {
    case 'conversation':
      content = (
        <ConversationView
          key={`c${view.conversationId}-${generation}`}
          conversationId={view.conversationId}
          onBack={toList}
          headingLevel={headingLevel}
          now={now}
        />
      );
      break;
    case 'new':
      content = (
        <NewConversation
          key={`n${generation}`}
          initialUser={view.user}
          onBack={toList}
          onCreated={(conversation) => openConversation(conversation.conversationId)}
          onOpenConversation={openConversation}
          headingLevel={headingLevel}
        />
      );
      break;
    default:
      content = (
        <ConversationList
          onOpenConversation={(conversation) => openConversation(conversation.conversationId)}
          onNewConversation={() => go({ name: 'new', user: null })}
          headingLevel={headingLevel}
          now={now}
        />
      );
  }

  return (
    <div
      ref={container}
      className={cn('flex min-h-0 flex-col pt-1', className)}
      data-view={view.name}
    >
      {content}
    </div>
  );
}
