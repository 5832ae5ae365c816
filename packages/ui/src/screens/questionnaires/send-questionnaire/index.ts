export * from './send-questionnaire';
