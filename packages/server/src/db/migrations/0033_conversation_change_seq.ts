// Every change of a conversation (a message sent, read or edited) takes the next number of that
// conversation while it holds the conversation's row lock (issue 38 item 5). A send is then one
// statement that commits on its own, and the live events of a conversation go out in this order
// (modules/messaging/publish-order.ts) without the lock being held through a separate COMMIT.
// Existing conversations start at 0: only the order of changes from now on is compared.
export const name = '0033_conversation_change_seq';

export const sql = /* sql */ `
alter table conversations add column change_seq integer not null default 0;
`;
