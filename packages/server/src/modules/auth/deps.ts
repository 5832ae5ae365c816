// What the parts of auth share: their dependencies, limits, Swedish messages and the lookup of
// a user by e-mail. The parts: two-factor login (two-factor.ts), password tokens
// (password-tokens.ts), invitations and registration (registration.ts); AuthService
// (service.ts) puts them together.
import { validationMessages } from '@halsa/api/contract';
import { sql, type Kysely } from 'kysely';
import { DAY, HOUR, MINUTE, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database, User } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import { isCommonPassword } from '../../security/passwords.ts';
import type { BackgroundTasks } from '../../tasks.ts';
import type { ActivityLog } from '../activity/service.ts';
import type { SessionService } from '../../access/sessions.ts';

export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>;
  mailer: Mailer;
  outbox: Outbox;
  sessions: SessionService;
  activity: ActivityLog;
  tasks: BackgroundTasks;
}

export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_WAIT_MS = 10_000;
export const OTP_MAX_RESENDS = 5;
export const RESET_TOKEN_TTL_MS = HOUR;
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * DAY;
export const INVITATION_TTL_MS = 7 * DAY;

export const AUTH_MESSAGES = {
  badCredentials: 'Ogiltig e-postadress eller lösenord.',
  codeInvalid: 'Koden är ogiltig eller har gått ut. Logga in igen.',
  codeWrong: 'Fel kod. Försök igen.',
  codeTooManyAttempts: 'För många felaktiga försök. Logga in igen.',
  resendTooSoon: 'Vänta 10 sekunder innan du begär en ny kod.',
  resendTooMany: 'För många nya koder har begärts. Logga in igen.',
  tokenInvalid: 'Länken är ogiltig eller har gått ut.',
  invitationInvalid: 'Inbjudan är ogiltig eller har gått ut.',
  invitationEmailMismatch: 'E-postadressen matchar inte inbjudan.',
  emailTaken: 'Det finns redan ett konto med den e-postadressen.',
  currentPasswordWrong: 'Nuvarande lösenord är felaktigt.',
  mailFailed: 'E-post kunde inte skickas just nu. Försök igen om en stund.',
} as const;

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst();
}

/**
 * After the §5 rule (the route's schema): a new password that is common or breached is refused
 * with a Swedish 400 before anything is hashed, consumed or stored (register, reset, set, change).
 */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(validationMessages.passwordCommon);
}
