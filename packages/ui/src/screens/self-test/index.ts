export * from './self-test';
