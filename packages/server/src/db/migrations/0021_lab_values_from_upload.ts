// A lab file's skipped values are kept short (issue 34, item 2): `lab_files.skipped_count` is how
// many values a file skipped when more than the 50 kept with their reasons (the rest are one row
// 'och N till'); before, one file could store 100 010 reasons, read on every view of the history.
export const name = '0021_lab_values_from_upload';

export const sql = /* sql */ `
alter table lab_files add column skipped_count integer check (skipped_count >= 0);
`;
