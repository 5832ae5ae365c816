// A signed note carries the server's Ed25519 signature (modules/journal/signature.ts), and the
// database keeps the only road to a signed note the signing UPDATE of an unsigned draft: an
// INSERT of a row that is already signed is refused (else the app role could write a "signed"
// note with any signer and time), and that UPDATE must carry a signature (so a note without one
// was signed before this migration). The frozen-note trigger of 0003 still refuses any change
// after. Notes signed earlier are not signed now: a signature over rows nobody can vouch for
// would launder them; `pnpm notes:verify` lists them apart.
export const name = '0016_note_signature';

export const sql = /* sql */ `
alter table journal_notes add column server_signature text;
alter table journal_notes add constraint journal_notes_signature_check
  check (server_signature is null or status = 'SIGNED');

create function journal_notes_insert_unsigned() returns trigger language plpgsql as $$
begin
  if new.status = 'SIGNED' or new.signed_at is not null or new.signed_by is not null
      or new.server_signature is not null then
    raise exception 'en journalanteckning kan inte läggas till som signerad: den signeras som utkast';
  end if;
  return new;
end;
$$;
create trigger journal_notes_insert_unsigned before insert on journal_notes
  for each row execute function journal_notes_insert_unsigned();

create function journal_notes_signing_signature() returns trigger language plpgsql as $$
begin
  if new.status = 'SIGNED' and old.status <> 'SIGNED' and new.server_signature is null then
    raise exception 'en journalanteckning kan inte signeras utan serverns signatur';
  end if;
  return new;
end;
$$;
create trigger journal_notes_signing_signature before update on journal_notes
  for each row execute function journal_notes_signing_signature();
`;
