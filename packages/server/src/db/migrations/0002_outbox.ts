// Transactional outbox (src/outbox/): mails and live notification pushes are written in the
// transaction of the change that causes them and delivered after commit by one worker.
export const name = '0002_outbox';

export const sql = /* sql */ `
create table outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('MAIL', 'NOTIFICATION')),
  payload jsonb not null,
  created_at timestamptz not null,
  available_at timestamptz not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz
);
create index outbox_pending on outbox (available_at, id) where sent_at is null;
`;
