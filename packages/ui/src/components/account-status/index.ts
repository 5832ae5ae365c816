export * from './account-status';
