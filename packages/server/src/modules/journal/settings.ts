// Journal settings (/journal/general): one row, read by STAFF and ADMIN, changed by ADMIN with
// the version it edited. The default form must be a live, published form.
import {
  JOURNAL_SETTINGS_DEFAULT_FORM,
  JOURNAL_SETTINGS_VERSION_CONFLICT,
  type JournalSettings,
  type UpdateJournalSettingsRequest,
} from '@halsa/api/contract';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { MAX_DB_ID } from '../../db/ids.ts';

export class JournalSettingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(db: Db | Transaction<Database> = this.db): Promise<JournalSettings> {
    const row = await db
      .selectFrom('journal_settings')
      .select(['clinic_name', 'signature_line', 'default_form_id', 'version'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return {
      clinicName: row.clinic_name,
      signatureLine: row.signature_line,
      defaultFormId: row.default_form_id,
      version: row.version,
    };
  }

  async update(body: UpdateJournalSettingsRequest, userId: number): Promise<JournalSettings> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('journal_settings')
        .select('version')
        .where('id', '=', 1)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current.version !== body.version) throw conflict(JOURNAL_SETTINGS_VERSION_CONFLICT);
      if (body.defaultFormId !== null) {
        const form =
          body.defaultFormId <= MAX_DB_ID
            ? await trx
                .selectFrom('forms')
                .select('id')
                .where('id', '=', body.defaultFormId)
                .where('drafted', '=', false)
                .where('deleted_at', 'is', null)
                .executeTakeFirst()
            : undefined;
        if (!form) throw badRequest(JOURNAL_SETTINGS_DEFAULT_FORM);
      }
      await trx
        .updateTable('journal_settings')
        .set((eb) => ({
          clinic_name: body.clinicName,
          signature_line: body.signatureLine,
          default_form_id: body.defaultFormId,
          version: eb('version', '+', 1),
          updated_by: userId,
          updated_at: this.clock.now(),
        }))
        .where('id', '=', 1)
        .execute();
      return this.get(trx);
    });
  }
}
