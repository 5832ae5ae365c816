export * from './my-account';
