export * from './use-self-test.ts';
