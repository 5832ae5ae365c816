// The clinic's sign-in settings on /staff (design §4.17): 'Personal måste använda nyckel eller
// autentiseringsapp' and 'Klienter får logga in med e-postkod'. A change is logged with what
// changed; an unchanged setting writes nothing.
import type { SignInSettings } from '@halsa/api/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { ActivityLog } from '../activity/service.ts';

export class SignInSettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly activity: ActivityLog,
  ) {}

  async get(): Promise<SignInSettings> {
    const row = await this.db
      .selectFrom('clinic_settings')
      .select(['staff_strong_required', 'client_email_code'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      staffStrongSignIn: row.staff_strong_required,
      clientEmailCode: row.client_email_code,
    };
  }

  async update(
    input: SignInSettings,
    actor: { userId: number | null; ip: string | null },
  ): Promise<SignInSettings> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('clinic_settings')
        .select(['staff_strong_required', 'client_email_code'])
        .where('id', '=', 1)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const changed: Partial<SignInSettings> = {};
      if (before.staff_strong_required !== input.staffStrongSignIn) {
        changed.staffStrongSignIn = input.staffStrongSignIn;
      }
      if (before.client_email_code !== input.clientEmailCode) {
        changed.clientEmailCode = input.clientEmailCode;
      }
      if (Object.keys(changed).length === 0) return;
      await trx
        .updateTable('clinic_settings')
        .set({
          staff_strong_required: input.staffStrongSignIn,
          client_email_code: input.clientEmailCode,
          updated_by: actor.userId,
          updated_at: this.clock.now(),
        })
        .where('id', '=', 1)
        .execute();
      await this.activity.record(
        {
          action: 'SIGN_IN_SETTING_CHANGED',
          actorUserId: actor.userId,
          ip: actor.ip,
          details: changed,
        },
        trx,
      );
    });
    return this.get();
  }
}
