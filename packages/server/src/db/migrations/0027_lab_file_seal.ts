// A stored lab file's values carry the server's seal (issue 34 item 5, modules/lab-results/seal.ts).
// Migration 0021 accepts a value only in the transaction that wrote its LAB_RESULT file uploaded
// by an ADMIN, but whoever may INSERT can still write such a file row himself, "uploaded by" an
// ADMIN, with an `amended` value beside it. So at upload the server seals each lab file: an
// HMAC-SHA256, under a key derived from SESSION_SECRET (which the database never holds), over the
// file's id, client, uploader, content hash, time and a digest of its value and skipped rows,
// stored in `lab_files.seal`. Readers use only the values of a file whose seal is right.
// - Files stored before this migration are marked 'legacy': the server, which holds the key, seals
//   them once when it starts. Only this migration can mark a file so: an INSERT with 'legacy' is
//   refused, and an UPDATE may change a seal only from 'legacy' to a seal (never set, clear or
//   replace one), so no row written later can be laundered by the start-up sealing.
// - What a sealed file's `lab_files` row says (format, read or not, note, counts) is covered by
//   its seal and can no longer be changed; only `opened_at` (her opening it) still can.
export const name = '0027_lab_file_seal';

export const sql = /* sql */ `
alter table lab_files add column seal text
  check (seal = 'legacy' or seal ~ '^[0-9a-f]{64}$');
update lab_files set seal = 'legacy';

create function lab_files_seal_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.seal = 'legacy' then
      raise exception 'ett provsvar kan inte läggas till som oförseglat från före förseglingen';
    end if;
  elsif new.seal is distinct from old.seal
      and (old.seal is distinct from 'legacy' or new.seal is null or new.seal = 'legacy') then
    raise exception 'ett provsvars försegling kan inte ändras';
  elsif old.seal is not null and (new.file_id, new.subject_user_id, new.format, new.values_status,
      new.note, new.read_count, new.skipped_count) is distinct from (old.file_id,
      old.subject_user_id, old.format, old.values_status, old.note, old.read_count,
      old.skipped_count) then
    raise exception 'ett lagrat provsvar kan inte ändras';
  end if;
  return new;
end;
$$;
create trigger lab_files_seal_guard before insert or update on lab_files
  for each row execute function lab_files_seal_guard();
`;
