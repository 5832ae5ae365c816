// Lab values come only from their file's upload (issue 34, items 2 and 5).
// - A frozen value could still be "corrected" by anyone who may INSERT: a row marked `amended`
//   with the same identifier, added later to any lab file, replaced what the client saw (6.3
//   HIGH became 4.9 NORMAL). The file is the record: a value, a retraction (a correction too) or a
//   skipped-value row is now accepted only in the transaction that wrote its LAB_RESULT `files`
//   row (that row's `xmin` is this transaction), for that file's client, from a file uploaded by
//   an ADMIN. The app writes them exactly so (files/client-files.ts → lab-results/service.ts);
//   a row added afterwards, by the app role or anyone short of the schema owner, is refused.
// - `lab_files.skipped_count`: how many values a file skipped when more than the 50 kept with their
//   reasons (the rest are one row 'och N till'); before, a file could store 100 010 reasons.
export const name = '0021_lab_values_from_upload';

export const sql = /* sql */ `
alter table lab_files add column skipped_count integer check (skipped_count >= 0);

create function lab_row_from_upload() returns trigger language plpgsql as $$
declare
  f record;
begin
  select files.kind, files.subject_user_id, files.xmin = pg_current_xact_id()::xid as this_tx,
      users.role as uploader_role
    into f
    from files left join users on users.id = files.uploaded_by
    where files.id = new.file_id;
  if not found or f.kind <> 'LAB_RESULT' or not f.this_tx then
    raise exception 'ett provsvar kan bara läggas till när dess fil laddas upp';
  end if;
  if f.uploader_role is distinct from 'ADMIN' then
    raise exception 'ett provsvar kan bara komma från en fil som en administratör laddat upp';
  end if;
  if tg_table_name = 'lab_values'
      and (to_jsonb(new) ->> 'subject_user_id')::integer is distinct from f.subject_user_id then
    raise exception 'ett provsvar måste gälla samma klient som dess fil';
  end if;
  return new;
end;
$$;

create trigger lab_values_from_upload before insert on lab_values
  for each row execute function lab_row_from_upload();
create trigger lab_skipped_values_from_upload before insert on lab_skipped_values
  for each row execute function lab_row_from_upload();
`;
