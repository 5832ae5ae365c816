export * from './use-clients.ts';
export * from './use-client.ts';
export * from './use-send-reset-link.ts';
