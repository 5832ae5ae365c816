// zod-free, as lab-flag.ts and display-name.ts: the signed-in app's shell reads this parameter on
// every page, and importing it from messaging.ts made every signed-in page evaluate zod and every
// contract schema before its first render (issue 39: a 260–470 ms task on a slow phone).

/**
 * The query parameter of a signed-in page that opens the messaging widget on a conversation
 * (`/overview?samtal=12`): a new-message mail links to the conversation itself (issue 35).
 */
export const CONVERSATION_PARAM = 'samtal';
