// The client's questionnaires (design §4.19). Apart from `paths` (which /login's entry loads,
// issue 14's budget): only signed-in code reads these.
export const questionnairePaths = {
  list: '/questionnaires',
  one: '/questionnaires/:questionnaireId',
  to: (id: number) => `/questionnaires/${id}`,
} as const;
