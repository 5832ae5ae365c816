// The staff side of questionnaires (design §4.19) in one chunk: sending, and her answers.
export * from '../send-questionnaire';
export * from '../client-answers';
