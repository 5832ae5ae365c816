export * from './utils.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './messaging.ts';
export * from './journal.ts';
export * from './files.ts';
export * from './forms.ts';
export * from './admin.ts';
