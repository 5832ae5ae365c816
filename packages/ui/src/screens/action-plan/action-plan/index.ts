export * from './action-plan';
