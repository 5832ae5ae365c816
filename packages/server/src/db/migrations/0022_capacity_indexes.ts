// Indexes the plans at scale asked for (bench:capacity --plans, issue 38 item 3): a query that
// reads one period of a table that grows for years reads that period through an index, not the
// whole table.
//   - messages by time: the reports' message counts and reply times of a 30-day period (design
//     §4.11) read that month's messages, not every message the clinic ever sent.
export const name = '0022_capacity_indexes';

export const sql = /* sql */ `
create index messages_created_idx on messages (created_at);
`;
