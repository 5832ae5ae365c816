// E-legitimation through an OIDC broker (design §4.18): what /login needs to offer it.
import { z } from 'zod';

/** `GET /api/v1/auth/eid`: the button's word ('BankID'), or null when no broker is set up. */
export const eidLoginSchema = z.object({ label: z.string().nullable() });
export type EidLogin = z.infer<typeof eidLoginSchema>;

/**
 * Why a sign-in through the broker was refused; the server sends her back to `/login?eid=…`.
 * Browser navigations (`/api/v1/auth/eid/start`, `/callback`) answer redirects, not JSON, so
 * they are outside the route table.
 */
export const EID_REFUSALS = ['no-account', 'deactivated', 'cancelled', 'failed'] as const;
export type EidRefusal = (typeof EID_REFUSALS)[number];

export const EID_START_PATH = '/api/v1/auth/eid/start';
