// 'E-postavisering' (design §4.16): each person's switch per kind of notice mail, and the token of
// the one-click unsubscribe. A row is stored only for a switch the person changed; without one her
// role's default holds (USER all on; STAFF and ADMIN only new messages).
//
// The unsubscribe token is `<userId>.<kind>.<HMAC>`: the HMAC (SHA-256 under a key derived from
// SESSION_SECRET) covers the user id and the kind, so a token turns off that one kind for that
// one person and nothing else; it needs no table and keeps working for old mails.
import {
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import {
  defaultNoticeSetting,
  NOTICE_KINDS,
  noticeKindSchema,
  type NoticeKind,
  type NoticeMailSettings,
  type UpdateNoticeMailSettings,
} from '@halsa/api/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database, Role } from '../../db/schema.ts';
import { MAX_DB_ID } from '../../db/ids.ts';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * The key of the unsubscribe HMAC; without a secret (never production) one for this process. A
 * key object, as the lab seal's: an HMAC under a Buffer key is several times dearer on Node 24,
 * and a batch release signs a token into every client's notice mail.
 */
export function unsubscribeKey(secret: string | undefined): KeyObject {
  return createSecretKey(
    Buffer.from(
      hkdfSync('sha256', secret ?? randomBytes(32), 'halsa-notice-mails', 'unsubscribe v1', 32),
    ),
  );
}

export class UnsubscribeTokens {
  constructor(private readonly key: KeyObject) {}

  #mac(userId: number, kind: NoticeKind): Buffer {
    return createHmac('sha256', this.key).update(`${userId}.${kind}`).digest();
  }

  token(userId: number, kind: NoticeKind): string {
    return `${userId}.${kind}.${this.#mac(userId, kind).toString('base64url')}`;
  }

  /** The person and kind a token turns off, or null for anything that is not one of ours. */
  read(token: string): { userId: number; kind: NoticeKind } | null {
    const m = /^([1-9]\d{0,9})\.([A-Z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const userId = Number(m[1]);
    const kind = noticeKindSchema.safeParse(m[2]);
    if (userId > MAX_DB_ID || !kind.success) return null;
    const given = Buffer.from(m[3]!, 'base64url');
    const expected = this.#mac(userId, kind.data);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { userId, kind: kind.data }
      : null;
  }
}

export interface Recipient {
  email: string;
  role: Role;
  enabled: boolean;
}

export class NoticeSettings {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Every switch of one person (her choices over her role's defaults). */
  async get(userId: number, role: Role, exec: Exec = this.db): Promise<NoticeMailSettings> {
    const rows = await exec
      .selectFrom('notice_settings')
      .select(['kind', 'enabled'])
      .where('user_id', '=', userId)
      .execute();
    const chosen = new Map(rows.map((r) => [r.kind, r.enabled]));
    return Object.fromEntries(
      NOTICE_KINDS.map((kind) => [kind, chosen.get(kind) ?? defaultNoticeSetting(role, kind)]),
    ) as NoticeMailSettings;
  }

  /** Stores the switches given; answers the whole set. */
  async update(
    userId: number,
    role: Role,
    change: UpdateNoticeMailSettings,
  ): Promise<NoticeMailSettings> {
    const now = this.clock.now();
    const values = NOTICE_KINDS.flatMap((kind) => {
      const enabled = change[kind];
      return enabled === undefined ? [] : [{ user_id: userId, kind, enabled, updated_at: now }];
    });
    if (values.length > 0) {
      await this.db
        .insertInto('notice_settings')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({
            enabled: eb.ref('excluded.enabled'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    return this.get(userId, role);
  }

  /**
   * An unsubscribe token's account: reads nothing more ('read'), turns its kind off ('off', the
   * one-click POST and the page's button) or on again ('on', 'Ångra'). False for no account.
   */
  async setByToken(
    userId: number,
    kind: NoticeKind,
    turn: 'read' | 'off' | 'on',
  ): Promise<boolean> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return false;
    if (turn !== 'read') await this.update(userId, user.role, { [kind]: turn === 'on' });
    return true;
  }

  /**
   * Whom a notice of `kind` goes to, and whether her switch is on; null for a missing or
   * deactivated account (she gets no mail at all).
   */
  async recipient(exec: Exec, userId: number, kind: NoticeKind): Promise<Recipient | null> {
    const row = await exec
      .selectFrom('users as u')
      .leftJoin('notice_settings as s', (j) =>
        j.onRef('s.user_id', '=', 'u.id').on('s.kind', '=', kind),
      )
      .select(['u.email', 'u.role', 'u.deactivated_at', 's.enabled'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!row || row.deactivated_at !== null) return null;
    return {
      email: row.email,
      role: row.role,
      enabled: row.enabled ?? defaultNoticeSetting(row.role, kind),
    };
  }
}
