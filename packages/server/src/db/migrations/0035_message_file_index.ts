// A message's file found by the file's id (bench:capacity --plans, issue 38, once it walked the
// attachment route with a seeded attachment): whether a STAFF member may fetch a file sent in a
// conversation, and the download itself, look the message up by `file_id`, which no index had,
// so each read every message the clinic ever sent (61 000 at the bench's scale). Few messages
// carry a file: the index holds only those.
export const name = '0035_message_file_index';

export const sql = /* sql */ `
create index messages_file_idx on messages (file_id) where file_id is not null;
`;
