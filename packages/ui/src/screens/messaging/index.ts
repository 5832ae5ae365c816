// Messaging screens of the widget's Meddelande tab (spec §2.7).
export {
  MessagesTab,
  viewForIntent,
  type MessagesTabIntent,
  type MessagesTabOpenIntent,
  type MessagesTabProps,
  type MessagesTabStartIntent,
  type MessagesTabView,
} from './messages-tab';
export {
  CONVERSATION_SORT_OPTIONS,
  ConversationList,
  ConversationsLive,
  ConversationsLiveContext,
  DEFAULT_CONVERSATION_SORT,
  lastMessagePreview,
  sortConversationsBy,
  useConversationsLive,
  type ConversationListProps,
  type ConversationSort,
} from './conversation-list';
export {
  ConversationView,
  upsertLiveMessage,
  useConversationLive,
  useMarkReadOnView,
  usePendingMessages,
  type ConversationViewProps,
  type PendingMessage,
  type PendingMessages,
} from './conversation-view';
export {
  NewConversation,
  filterUsers,
  type NewConversationProps,
  type NewConversationUser,
} from './new-conversation';
