// A stored lab result or action plan is a record (issue 22, item 9): once uploaded, neither its
// `files` row, its bytes (`file_blob_chunks` under its storage key) nor the values read from it
// (`lab_values`) may be changed or deleted, by the app or anyone else short of the schema owner
// turning the triggers off. The app never needs to: it inserts them, reads them and marks a file
// opened in `lab_files`. What the app does delete stays allowed: a replaced profile picture
// (`files` of kind PROFILE_IMAGE and its chunks) and the bytes of an upload that never became a
// file (the orphan sweep, files/orphans.ts). TRUNCATE, which skips row triggers, is refused too.
export const name = '0017_lab_records_frozen';

export const sql = /* sql */ `
create function lab_record_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'ett lagrat provsvar eller en handlingsplan kan inte ändras eller tas bort';
end;
$$;

create trigger files_lab_record_frozen before update or delete on files
  for each row when (old.kind in ('LAB_RESULT', 'ACTION_PLAN'))
  execute function lab_record_frozen();

create trigger lab_values_frozen before update or delete on lab_values
  for each row execute function lab_record_frozen();

create function lab_record_chunk_frozen() returns trigger language plpgsql as $$
begin
  if exists (select 1 from files where lower(storage_key) = old.key::text
      and kind in ('LAB_RESULT', 'ACTION_PLAN')) then
    raise exception 'ett lagrat provsvar eller en handlingsplan kan inte ändras eller tas bort';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
-- Keys are compared as storage keeps them (lower case), as the orphan sweep does.
create index files_storage_key_lower_idx on files (lower(storage_key));
create trigger file_blob_chunks_lab_record_frozen before update or delete on file_blob_chunks
  for each row execute function lab_record_chunk_frozen();

create trigger files_no_truncate before truncate on files
  for each statement execute function lab_record_frozen();
create trigger file_blob_chunks_no_truncate before truncate on file_blob_chunks
  for each statement execute function lab_record_frozen();
create trigger lab_values_no_truncate before truncate on lab_values
  for each statement execute function lab_record_frozen();
`;
