export * from './use-eid-login.ts';
