// Demo data of design.md §3, written only into an empty database: the three demo accounts
// (password Halsa2026!) and a handful of Swedish demo clients with profiles, lab and
// action-plan files, journal notes, conversations, notifications and the demo client's meetings
// (one past, one coming); the demo client also has two structured lab uploads with values (lab.ts).
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { DAY, HOUR } from '../clock.ts';
import type { Db } from '../db/index.ts';
import type { Role } from '../db/schema.ts';
import type { FileStorage } from '../files/storage.ts';
import { hashPassword } from '../security/passwords.ts';
import {
  noteSigningKey,
  signDraftNote,
  type NoteSigningKey,
} from '../modules/journal/signature.ts';
import { seedJournal } from './journal.ts';
import { seedQuestionnaires } from './questionnaires.ts';
import { labSealKey } from '../modules/lab-results/seal.ts';
import { seedLabValues } from './lab.ts';
import { newId } from '../security/tokens.ts';

export const DEMO_PASSWORD = 'Halsa2026!';

export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  role: Role;
  first: string;
  last: string;
  /** Her own personal number (design §4.18), so the demo's test broker lets her sign in. */
  pnr?: string;
}> = [
  // Valid check digits, none a demo client's.
  {
    email: 'admin@example.com',
    role: 'ADMIN',
    first: 'Astrid',
    last: 'Lindqvist',
    pnr: '19720905-4563',
  },
  {
    email: 'staff@example.com',
    role: 'STAFF',
    first: 'Erik',
    last: 'Sandberg',
    pnr: '19810730-1239',
  },
  { email: 'klient@example.com', role: 'USER', first: 'Karin', last: 'Johansson' },
];

const DEMO_CLIENTS = [
  {
    email: 'klient@example.com',
    ssn: '19850412-2381',
    phone: '0701234567',
    street: 'Storgatan 12',
    city: 'Stockholm',
    zip: '114 51',
    membership: 'Företagsavtal',
    pkg: 'Hälsa Bas',
  },
  {
    email: 'lars.nilsson@example.com',
    first: 'Lars',
    last: 'Nilsson',
    ssn: '19720118-4417',
    phone: '0739876543',
    street: 'Kungsgatan 5',
    city: 'Göteborg',
    zip: '411 19',
    membership: 'Företagsavtal',
    pkg: 'Hälsa Plus',
  },
  {
    email: 'maria.ostlund@example.com',
    first: 'Maria',
    last: 'Östlund',
    ssn: '19900623-1286',
    phone: '0762223344',
    street: 'Drottninggatan 40',
    city: 'Uppsala',
    zip: '753 10',
    membership: 'Privat',
    pkg: 'Hälsa Bas',
  },
  {
    email: 'ahmed.karimi@example.com',
    first: 'Ahmed',
    last: 'Karimi',
    ssn: '19881105-5531',
    phone: '0725556677',
    street: 'Västra Hamngatan 8',
    city: 'Malmö',
    zip: '211 22',
    membership: 'Företagsavtal',
    pkg: 'Ledarhälsa',
  },
  {
    email: 'eva.bjork@example.com',
    first: 'Eva',
    last: 'Björk',
    ssn: '19650930-3368',
    phone: '+46701112233',
    street: 'Åsgatan 3',
    city: 'Örebro',
    zip: '702 11',
    membership: 'Privat',
    pkg: 'Hälsa Plus',
  },
] as const;

/** A minimal valid PDF, so demo downloads open. */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${text.length + 40}>>stream\nBT /F1 18 Tf 72 760 Td (${text}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds when the database has no users; returns whether it did. Signed notes carry the
 * signature of `noteKey` (the server's, from SESSION_SECRET; without one, a key of this process
 * only, whose signatures `pnpm notes:verify` then reports as wrong). The demo lab files are
 * sealed with the key derived from it (modules/lab-results/seal.ts): under another server key
 * their values are not shown.
 */
export async function seedDemoData(
  db: Db,
  storage: FileStorage,
  clock: Clock,
  noteKey: NoteSigningKey = noteSigningKey(undefined),
): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  const now = clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);

  // Blobs first (outside the transaction); rows point at them.
  const blobs: Array<{ key: string; data: Buffer }> = [];
  const blob = (title: string) => {
    const key = newId();
    const data = demoPdf(title);
    blobs.push({ key, data });
    return { key, data };
  };

  const ids: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const a of DEMO_ACCOUNTS) {
      const row = await trx
        .insertInto('users')
        .values({
          email: a.email,
          password_hash: hash,
          role: a.role,
          first_name: a.first,
          last_name: a.last,
          image_file_id: null,
          created_at: ago(120 * DAY),
          updated_at: ago(120 * DAY),
          last_active_at: ago(2 * HOUR),
          personal_number: a.pnr ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[a.email] = row.id;
    }
    // The demo accounts sign in with the e-mailed code (README); a real clinic starts with
    // 'Personal måste använda nyckel eller autentiseringsapp' on, and ADMIN can turn it on here.
    await trx
      .updateTable('clinic_settings')
      .set({ staff_strong_required: false })
      .where('id', '=', 1)
      .execute();
    let n = 0;
    for (const c of DEMO_CLIENTS) {
      n += 1;
      if (!ids[c.email]) {
        const first = 'first' in c ? c.first : 'Klient';
        const last = 'last' in c ? c.last : 'Demo';
        const row = await trx
          .insertInto('users')
          .values({
            email: c.email,
            password_hash: hash,
            role: 'USER',
            first_name: first,
            last_name: last,
            image_file_id: null,
            created_at: ago(n * 9 * DAY),
            updated_at: ago(n * 3 * DAY),
            last_active_at: ago(n * 7 * HOUR),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[c.email] = row.id;
      }
      const userId = ids[c.email]!;
      await trx
        .insertInto('client_profiles')
        .values({
          user_id: userId,
          has_social_security: true,
          social_security_number: c.ssn,
          birth_date: `${c.ssn.slice(0, 4)}-${c.ssn.slice(4, 6)}-${c.ssn.slice(6, 8)}`,
          phone_number: c.phone,
          street: c.street,
          city: c.city,
          zip_code: c.zip,
          membership: c.membership,
          package: c.pkg,
          created_at: ago(n * 9 * DAY),
          updated_at: ago(n * 3 * DAY),
        })
        .execute();
      for (const [kind, title, age] of [
        ['LAB_RESULT', `Blodprov_${n}_2026-09-14.pdf`, 60 * DAY],
        ['LAB_RESULT', `Blodprov_${n}_2026-11-02.pdf`, 15 * DAY],
        ['ACTION_PLAN', `Handlingsplan_${n}_2026-11-05.pdf`, 12 * DAY],
      ] as const) {
        const { key, data } = blob(title.replace(/_/g, ' '));
        await trx
          .insertInto('files')
          .values({
            id: newId(),
            kind,
            subject_user_id: userId,
            uploaded_by: ids['admin@example.com']!,
            storage_key: key,
            original_name: title,
            mime_type: 'application/pdf',
            size_bytes: data.length,
            sha256: createHash('sha256').update(data).digest('hex'),
            created_at: ago(age),
          })
          .execute();
      }
      // Written as drafts and then signed: the database refuses an INSERT of a signed note.
      const notes = await trx
        .insertInto('journal_notes')
        .values([
          {
            user_id: userId,
            author_id: ids['staff@example.com']!,
            form_id: null,
            kind: 'DAILY_NOTE',
            status: 'UNSIGNED',
            signed_by: null,
            content: 'Sov 7 timmar, promenad 30 minuter. Känner sig piggare än förra veckan.',
            signed_at: null,
            sent_at: null,
            created_at: ago(10 * DAY),
          },
          {
            user_id: userId,
            author_id: ids['staff@example.com']!,
            form_id: null,
            kind: 'DAILY_NOTE',
            status: 'UNSIGNED',
            signed_by: null,
            content:
              'Uppföljning av blodprov: värdena inom referensintervall. Fortsätt med nuvarande plan.',
            signed_at: null,
            sent_at: null,
            created_at: ago(3 * DAY),
          },
          {
            user_id: userId,
            author_id: ids['staff@example.com']!,
            form_id: null,
            kind: 'DAILY_NOTE',
            status: 'UNSIGNED',
            signed_by: null,
            content: 'Utkast: planera samtal om sömnvanor.',
            signed_at: null,
            sent_at: null,
            created_at: ago(1 * DAY),
          },
        ])
        .returning('id')
        .execute();
      for (const [i, days] of [10, 3].entries()) {
        await signDraftNote(trx, noteKey, notes[i]!.id, {
          signedBy: ids['staff@example.com']!,
          signedAt: ago(days * DAY),
        });
      }
      await trx
        .insertInto('notifications')
        .values([
          {
            user_id: userId,
            type: 'LAB_RESULT',
            message: 'Nya provsvar finns att läsa.',
            status: 'UNREAD',
            created_at: ago(15 * DAY),
          },
          {
            user_id: userId,
            type: 'ACTION_PLAN',
            message: 'Din handlingsplan har uppdaterats.',
            status: n % 2 ? 'UNREAD' : 'READ',
            created_at: ago(12 * DAY),
          },
          {
            user_id: userId,
            type: 'DAILY_NOTE',
            message: 'En ny journalanteckning har signerats.',
            status: 'READ',
            created_at: ago(3 * DAY),
          },
        ])
        .execute();
    }

    // Two conversations: staff ↔ Karin, admin ↔ Lars.
    const conversation = async (a: string, b: string, lines: Array<[string, string, number]>) => {
      const [low, high] = [ids[a]!, ids[b]!].sort((x, y) => x - y) as [number, number];
      const conv = await trx
        .insertInto('conversations')
        .values({
          user_low_id: low,
          user_high_id: high,
          created_at: ago(lines[0]![2]),
          last_message_at: ago(lines.at(-1)![2]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [from, content, age] of lines) {
        const to = from === a ? b : a;
        await trx
          .insertInto('messages')
          .values({
            conversation_id: conv.id,
            sender_id: ids[from]!,
            receiver_id: ids[to]!,
            content,
            file_id: null,
            original_file_name: null,
            client_message_id: null,
            is_read: age > DAY,
            edited_at: null,
            created_at: ago(age),
          })
          .execute();
      }
    };
    await conversation('staff@example.com', 'klient@example.com', [
      [
        'staff@example.com',
        'Hej Karin! Dina provsvar har kommit, du hittar dem under Provsvar.',
        5 * DAY,
      ],
      [
        'klient@example.com',
        'Tack! Jag har en fråga om järnvärdet, kan vi ta det på nästa samtal?',
        4 * DAY,
      ],
      ['staff@example.com', 'Absolut, jag lägger in det i handlingsplanen.', 2 * HOUR],
    ]);
    await conversation('admin@example.com', 'lars.nilsson@example.com', [
      ['admin@example.com', 'Välkommen till Hälsoportalen, Lars!', 8 * DAY],
      ['lars.nilsson@example.com', 'Tack, ser fram emot att komma igång.', 7 * DAY],
    ]);
    // Care teams (design §4.14): Erik, the demo STAFF, works with Karin, Lars and Maria; Ahmed
    // and Eva are with Astrid, so signed in as Erik the demo shows a client outside his team
    // (403 and 'Nödåtkomst') as well as his own.
    const team = (client: string, staff: string) => ({
      client_id: ids[client]!,
      staff_id: ids[staff]!,
      added_by: ids['admin@example.com']!,
      added_at: now,
    });
    await trx
      .insertInto('care_team_members')
      .values([
        team('klient@example.com', 'staff@example.com'),
        team('lars.nilsson@example.com', 'staff@example.com'),
        team('maria.ostlund@example.com', 'staff@example.com'),
        team('ahmed.karimi@example.com', 'admin@example.com'),
        team('eva.bjork@example.com', 'admin@example.com'),
      ])
      .execute();
    await seedJournal(trx, ids, now, noteKey);
    await seedQuestionnaires(trx, ids, now);
    // Karin's meetings with her coach: the health talk behind her plan, and the follow-up
    // she asked for in her messages (/appointments shows both lists from the start).
    const at = (days: number, hourUtc: number) => {
      const d = new Date(now.getTime() + days * DAY);
      d.setUTCHours(hourUtc, 0, 0, 0);
      return d;
    };
    await trx
      .insertInto('appointments')
      .values([
        {
          client_user_id: ids['klient@example.com']!,
          staff_user_id: ids['staff@example.com']!,
          starts_at: at(-21, 9),
          minutes: 45,
          place: 'Mottagningen, rum 2',
          video_link: null,
          note: 'Hälsosamtal och genomgång av provsvaren.',
          created_at: ago(28 * DAY),
          updated_at: ago(28 * DAY),
        },
        {
          client_user_id: ids['klient@example.com']!,
          staff_user_id: ids['staff@example.com']!,
          starts_at: at(6, 8),
          minutes: 30,
          place: null,
          video_link: 'https://mote.example.com/halsa/karin',
          note: 'Uppföljning av handlingsplanen och järnvärdet.',
          created_at: ago(2 * HOUR),
          updated_at: ago(2 * HOUR),
        },
      ])
      .execute();
  });
  for (const b of blobs) await storage.put(b.key, b.data);
  await seedLabValues(
    db,
    storage,
    clock,
    ids['klient@example.com']!,
    ids['admin@example.com']!,
    labSealKey(noteKey),
  );
  return true;
}
