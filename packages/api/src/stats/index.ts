export * from './use-user-stats.ts';
