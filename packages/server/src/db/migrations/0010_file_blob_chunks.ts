// Uploaded files in the database as chunks (issue 16 §7): an upload streams into storage instead
// of being held whole in memory, so DatabaseStorage writes a file as rows of at most 256 KiB
// (`seq` 0, 1, …) as the bytes arrive, each row its own INSERT (no transaction over the whole
// upload: a slow client must not hold a connection; a failed write deletes its rows, and the
// orphan sweep, files/orphans.ts, removes those a crash leaves), and a download reads them back
// one by one. Every file has at least the row seq 0 (empty for an empty file), which is how a
// stored file is told from a missing one. The one-row-per-file `file_blobs` of 0006 is copied here
// in 256 KiB pieces and dropped: one layout to read, and nothing else used that table.
export const name = '0010_file_blob_chunks';

export const sql = /* sql */ `
create table file_blob_chunks (
  key uuid not null,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (key, seq)
);

insert into file_blob_chunks (key, seq, data)
select b.key, s.seq, substring(b.data from s.seq * 262144 + 1 for 262144)
from file_blobs b
cross join lateral generate_series(
  0, greatest(ceil(length(b.data) / 262144.0)::integer - 1, 0)
) as s(seq);

drop table file_blobs;
`;
