// The random part of an outbox mail's Message-ID (design §4.16): `<{message_key}.{id}@{host of
// PUBLIC_URL}>`. The id alone repeated across deployments (every database counts from 1), so two
// portals' mails could share a Message-ID and a mail system would drop one as a duplicate. Kept
// on the row, so every try of one mail carries the same Message-ID; 122 random bits (a version 4
// UUID without its dashes), drawn by the database for every row, also for rows already waiting.
export const name = '0013_outbox_message_id';

export const sql = /* sql */ `
alter table outbox add column message_key text not null
  default replace(gen_random_uuid()::text, '-', '');
`;
