export * from './journal-settings';
