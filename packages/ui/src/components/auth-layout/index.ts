export * from './auth-layout';
