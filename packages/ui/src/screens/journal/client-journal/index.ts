export * from './client-journal';
