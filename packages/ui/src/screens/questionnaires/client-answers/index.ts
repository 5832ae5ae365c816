export * from './client-answers';
