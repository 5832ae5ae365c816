export * from './client-overview';
