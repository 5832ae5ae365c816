// STOMP destinations of spec §7. The server has the same list in
// packages/server/src/live/destinations.ts (it may import only @halsa/api/contract).

export const LiveDestinations = {
  /** The signed-in user's notifications (spec §3 Notification). */
  notifications: '/user/queue/notifications',
  /** Conversation list updates for one user (only that user may subscribe). */
  userConversations: (userId: string | number) => `/topic/users/${userId}/conversations`,
  /** New and edited messages of one conversation (participants only). */
  conversationMessages: (conversationId: string | number) =>
    `/topic/conversations/${conversationId}/messages`,
  /** SEND with a `receipt` header; the server answers only the RECEIPT (round-trip time). */
  ping: '/app/ping',
} as const;
