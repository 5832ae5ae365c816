// Uploaded files in the database (issue 15): with DATABASE_URL every instance reads the same
// files, and pg_dump backs them up with everything else. A plain bytea row per file (uploads are
// at most 10 MB, read whole): simpler than large objects, which pg_dump only includes with
// --large-objects and which outlive a deleted row unless unlinked. The embedded default
// (PGlite) keeps files in DATA_DIR/files and leaves this table empty.
export const name = '0006_file_blobs';

export const sql = /* sql */ `
create table file_blobs (
  key uuid primary key,
  data bytea not null,
  created_at timestamptz not null default now()
);
`;
