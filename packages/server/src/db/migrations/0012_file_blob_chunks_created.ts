// When each row of `file_blob_chunks` was written (issue 16): a server that crashes in the middle
// of an upload leaves rows no file points at, and the orphan sweep (files/orphans.ts) removes a
// key's rows only once its newest row is older than the grace period, so an upload in progress is
// never touched. Rows written before this migration get the time it ran.
export const name = '0012_file_blob_chunks_created';

export const sql = /* sql */ `
alter table file_blob_chunks add column created_at timestamptz not null default now();
`;
