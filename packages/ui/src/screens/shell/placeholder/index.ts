export * from './placeholder';
