// Which second steps a person may take after her password (design §4.17), strongest first:
// a passkey, the authenticator app, a reserve code, then the e-mailed code where allowed.
// The e-mailed code: a client while 'Klienter får logga in med e-postkod' is on; STAFF and ADMIN
// unless the staff rule is on and she has a strong method (then e-mail is never a way in). One
// query; two-factor.ts asks it at the password and at every resend.
import type { LoginStepMethod, Role } from '@halsa/api/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface LoginOptions {
  /** Strongest first; empty when she has no way in (a client without a method, e-mail off). */
  methods: LoginStepMethod[];
  emailAllowed: boolean;
  /** She has a passkey or a confirmed app. */
  strong: boolean;
}

export async function loginOptionsFor(
  db: Kysely<Database>,
  user: { id: number; role: Role },
): Promise<LoginOptions> {
  const row = await sql<{
    passkey: boolean;
    totp: boolean;
    codes: boolean;
    staff_rule: boolean;
    client_email: boolean;
  }>`
    select
      exists (select 1 from sign_in_methods m
              where m.user_id = ${user.id} and m.kind = 'PASSKEY') as passkey,
      exists (select 1 from sign_in_methods m
              where m.user_id = ${user.id} and m.kind = 'TOTP' and m.confirmed_at is not null) as totp,
      exists (select 1 from sign_in_methods m join reserve_codes r on r.method_id = m.id
              where m.user_id = ${user.id} and m.kind = 'RESERVE_CODES' and r.used_at is null) as codes,
      coalesce((select s.staff_strong_required from clinic_settings s where s.id = 1), true) as staff_rule,
      coalesce((select s.client_email_code from clinic_settings s where s.id = 1), true) as client_email`
    .execute(db)
    .then((r) => r.rows[0]);
  const strong = Boolean(row?.passkey || row?.totp);
  const emailAllowed =
    user.role === 'USER' ? Boolean(row?.client_email) : !(row?.staff_rule && strong);
  const methods: LoginStepMethod[] = [];
  if (row?.passkey) methods.push('PASSKEY');
  if (row?.totp) methods.push('TOTP');
  if (row?.codes) methods.push('RESERVE_CODE');
  if (emailAllowed) methods.push('EMAIL');
  return { methods, emailAllowed, strong };
}
