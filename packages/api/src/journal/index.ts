export * from './use-daily-notes.ts';
export * from './use-client-journal.ts';
export * from './use-latest-signed-note.ts';
export * from './use-journal-note.ts';
export * from './use-save-journal-note.ts';
export * from './use-journal-settings.ts';
export * from './use-update-journal-settings.ts';
export * from './use-sign-journal-note.ts';
