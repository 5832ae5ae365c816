// Whether /login offers e-legitimation (design §4.18). By default it does not, so the login
// screen's stories stay as they were; `eidScenarios.configured` turns the button on.
import type { HttpHandler } from 'msw';
import { answer, on } from './endpoint.ts';
import { HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

export const eidHandlers: HttpHandler[] = [
  on('eidLogin', () => HttpResponse.json({ label: null })),
];

export const eidScenarios = {
  ...scenariosFor(['eidLogin']),
  /** A broker is set up: 'Logga in med BankID'. */
  configured: [answer('eidLogin', () => HttpResponse.json({ label: 'BankID' }))],
  /** Another word for the button (EID_LABEL). */
  freja: [answer('eidLogin', () => HttpResponse.json({ label: 'Freja eID' }))],
};
