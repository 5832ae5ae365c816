export * from './access-denied';
