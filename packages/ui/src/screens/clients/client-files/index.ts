export * from './client-files';
