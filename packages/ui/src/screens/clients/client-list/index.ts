export * from './client-list';
