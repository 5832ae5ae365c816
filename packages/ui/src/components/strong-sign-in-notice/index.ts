export * from './strong-sign-in-notice';
