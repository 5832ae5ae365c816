// Uploads of a kind by date (the ADMIN's and STAFF's reports, GET /api/v1/admin/reports and its
// export, issue 38): `files where kind = … and created_at in the period`, which no index led
// with, so each report read every file. bench:capacity --plans found it once the seed kept a
// chain's lab files (60 000 at 20 000 clients, three a client); files_subject_kind_idx leads with
// the client.
export const name = '0036_files_kind_created_index';

export const sql = /* sql */ `
create index files_kind_created_idx on files (kind, created_at);
`;
