// Authentication and account life cycle, put together from its parts: password + e-mailed code
// login (two-factor.ts), password tokens (password-tokens.ts), invitations and registration
// (registration.ts). Routes stay thin and call this facade; the rules live in the parts.
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database, User } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { BackgroundTasks } from '../../tasks.ts';
import type { ActivityLog } from '../activity/service.ts';
import { findUserByEmail, type AuthDeps } from './deps.ts';
import { PasswordTokens } from './password-tokens.ts';
import { Registration } from './registration.ts';
import type { SessionService } from '../../access/sessions.ts';
import { TwoFactorLogin } from './two-factor.ts';
import type { Kysely } from 'kysely';

export * from './deps.ts';

export class AuthService {
  readonly #deps: AuthDeps;
  readonly login: TwoFactorLogin;
  readonly tokens: PasswordTokens;
  readonly registration: Registration;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
    mailer: Mailer,
    outbox: Outbox,
    sessions: SessionService,
    activity: ActivityLog,
    tasks: BackgroundTasks,
  ) {
    this.#deps = { db, clock, config, mailer, outbox, sessions, activity, tasks };
    this.login = new TwoFactorLogin(this.#deps);
    this.tokens = new PasswordTokens(this.#deps);
    this.registration = new Registration(this.#deps, this.tokens);
  }

  findUserByEmail(email: string): Promise<User | undefined> {
    return findUserByEmail(this.#deps.db, email);
  }

  /** What `toSessionUser` needs of her, e.g. right after she signed in. */
  findSessionUser(userId: number) {
    return this.#deps.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'role', 'image_file_id'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  // ---- login with e-mailed code -----------------------------------------------------------
  authenticate: TwoFactorLogin['authenticate'] = (...a) => this.login.authenticate(...a);
  verifyTwoFactor: TwoFactorLogin['verifyTwoFactor'] = (...a) => this.login.verifyTwoFactor(...a);
  resendTwoFactor: TwoFactorLogin['resendTwoFactor'] = (...a) => this.login.resendTwoFactor(...a);

  // ---- password tokens --------------------------------------------------------------------
  issueToken: PasswordTokens['issueToken'] = (...a) => this.tokens.issueToken(...a);
  link: PasswordTokens['link'] = (...a) => this.tokens.link(...a);
  forgotPassword: PasswordTokens['forgotPassword'] = (...a) => this.tokens.forgotPassword(...a);
  sendPasswordLink: PasswordTokens['sendPasswordLink'] = (...a) =>
    this.tokens.sendPasswordLink(...a);
  usePasswordToken: PasswordTokens['usePasswordToken'] = (...a) =>
    this.tokens.usePasswordToken(...a);
  changePassword: PasswordTokens['changePassword'] = (...a) => this.tokens.changePassword(...a);

  // ---- invitations and registration -------------------------------------------------------
  invite: Registration['invite'] = (...a) => this.registration.invite(...a);
  register: Registration['register'] = (...a) => this.registration.register(...a);
}
