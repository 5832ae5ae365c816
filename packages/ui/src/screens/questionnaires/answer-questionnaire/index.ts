export * from './answer-questionnaire';
