export * from './my-questionnaires';
