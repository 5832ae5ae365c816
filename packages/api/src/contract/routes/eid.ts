// E-legitimation (design §4.18): whether /login offers 'Logga in med BankID'. A part of the
// route table (routes.ts); the flow itself is browser navigation (contract/eid.ts).
import type { RouteDef } from '../routes.ts';
import { PUBLIC } from '../route-base.ts';

export const eidRouteDefs = {
  eidLogin: {
    method: 'GET',
    path: '/api/v1/auth/eid',
    response: 'json',
    fallback: 'Kunde inte hämta inloggningssätten',
    roles: PUBLIC,
  },
} as const satisfies Record<string, RouteDef>;
