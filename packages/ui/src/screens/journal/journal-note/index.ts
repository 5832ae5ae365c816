export * from './journal-note';
