// The clinic name and signature line printed on a signed note, copied from the journal settings
// by the signing UPDATE (the frozen-note trigger refuses changes only to rows already SIGNED), so
// an ADMIN editing the settings later does not change a note the client has received. Null for
// notes signed before this migration and for unsigned notes.
export const name = '0011_note_letterhead';

export const sql = /* sql */ `
alter table journal_notes add column clinic_name text;
alter table journal_notes add column signature_line text;
`;
