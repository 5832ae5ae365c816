// The self-check (design §4.11): a test notice to oneself. A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';

export const selfTestRouteDefs = {
  selfTest: {
    method: 'POST',
    path: '/api/v1/user/self-test',
    response: 'json',
    fallback: 'Kunde inte skicka testnotisen',
    roles: SIGNED_IN,
  },
} as const satisfies Record<string, RouteDef>;
