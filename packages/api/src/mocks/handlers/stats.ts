// New-user counts for the ADMIN's Hem tab (spec §2.7).
import type { HttpHandler } from 'msw';
import { mockState } from '../state.ts';
import { answer, on } from './endpoint.ts';
import { HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

export const statsHandlers: HttpHandler[] = [
  on('userStats', () => HttpResponse.json(mockState.userStats)),
];

export const statsScenarios = {
  ...scenariosFor(['userStats']),
  /** Stats all zero. */
  empty: [answer('userStats', () => HttpResponse.json({ weekly: 0, monthly: 0, yearly: 0 }))],
};
