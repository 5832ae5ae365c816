export * from './security';
