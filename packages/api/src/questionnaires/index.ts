export * from './use-my-questionnaires.ts';
export * from './use-answer-questionnaire.ts';
export * from './use-send-questionnaire.ts';
