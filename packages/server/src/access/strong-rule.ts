// The clinic's staff rule (design §4.17): while 'Personal måste använda nyckel eller
// autentiseringsapp' is on, a STAFF or ADMIN without a passkey or a confirmed authenticator app
// reaches no client data. defineRoute asks `requireStrongSignIn` before every route the contract
// marks `clientData` (http/route.ts), so no route can forget it; the session answers say it as
// `mustSetUpStrongSignIn`, so the portal leads her to /profile/security.
import { SECURITY_MESSAGES, STRONG_SIGN_IN_REQUIRED, type Role } from '@halsa/api/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';

/** The 403 of a client-data route while she must set up a strong method. */
export const strongSignInRequired = () =>
  new HttpError(
    403,
    SECURITY_MESSAGES.strongSignInRequired,
    {},
    {
      reason: STRONG_SIGN_IN_REQUIRED,
    },
  );

export interface StrongSignInState {
  /** The rule is on and she is STAFF or ADMIN. */
  strongRequired: boolean;
  /** strongRequired and she has neither a passkey nor a confirmed app. */
  mustSetUp: boolean;
}

/** The clinic's staff rule is on (a fresh clinic without its settings row: on). */
const staffRuleOn = sql<boolean>`coalesce(
  (select s.staff_strong_required from clinic_settings s where s.id = 1), true)`;

/** `userId` has a passkey or a confirmed authenticator app. */
const hasStrongMethod = (userId: number) =>
  sql<boolean>`exists (select 1 from sign_in_methods m
    where m.user_id = ${userId}
      and (m.kind = 'PASSKEY' or (m.kind = 'TOTP' and m.confirmed_at is not null)))`;

/**
 * One query: the clinic's rule and whether she has a strong method. A session whose sign-in was
 * strong on its own (`strongSignIn`: e-legitimation, design §4.18) is never held back.
 */
export async function strongSignInState(
  db: Db,
  user: { userId: number; role: Role; strongSignIn?: boolean },
): Promise<StrongSignInState> {
  if (user.role === 'USER') return { strongRequired: false, mustSetUp: false };
  const row = await sql<{ required: boolean; strong: boolean }>`
    select ${staffRuleOn} as required, ${hasStrongMethod(user.userId)} as strong`
    .execute(db)
    .then((r) => r.rows[0]);
  const required = row?.required ?? true;
  return {
    strongRequired: required,
    mustSetUp: required && !row?.strong && user.strongSignIn !== true,
  };
}

/**
 * `mustSetUp` of strongSignInState as an SQL expression, for a statement that asks a route's
 * other access check too (requireCareRelation): one round trip for both.
 */
export function mustSetUpStrongSignIn(user: {
  userId: number;
  role: Role;
  strongSignIn?: boolean;
}): RawBuilder<boolean> {
  if (user.role === 'USER' || user.strongSignIn === true) return sql<boolean>`false`;
  return sql<boolean>`(${staffRuleOn} and not ${hasStrongMethod(user.userId)})`;
}

/** Refuses a STAFF or ADMIN who must set up a strong method first (client-data routes). */
export async function requireStrongSignIn(
  db: Db,
  session: { userId: number; role: Role; strongSignIn?: boolean },
): Promise<void> {
  // A sign-in strong on its own is never held back: nothing to ask the database.
  if (session.role === 'USER' || session.strongSignIn === true) return;
  if ((await strongSignInState(db, session)).mustSetUp) throw strongSignInRequired();
}
