export * from './use-daily-notes.ts';
export * from './use-client-journal.ts';
export * from './use-latest-signed-note.ts';
