// Shared by the journal server tests: logins per role, a published form with one question of
// each kind a reader sees in words, its full answers, the note and signing calls, and the
// journal mails written to the outbox.
import type { Form, JournalAnswer } from '@halsa/api/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, JournalNotesTable } from '../src/db/schema.ts';
import { noteSigningKey, signDraftNote } from '../src/modules/journal/signature.ts';
import { login, send, testConfig, type TestApp } from './helpers.ts';

/** The test app's note signing key (from its SESSION_SECRET). */
export const testNoteKey = noteSigningKey(testConfig().sessionSecret);

/**
 * A signed note written straight into the table: as a draft, then signed with the test app's
 * key, since the database refuses an INSERT of a signed note (migration 0016).
 */
export async function insertSignedNote(
  db: Kysely<Database>,
  values: Omit<Insertable<JournalNotesTable>, 'status' | 'signed_at' | 'signed_by'>,
  signer: { signedBy: number; signedAt: Date },
): Promise<{ id: number }> {
  const row = await db
    .insertInto('journal_notes')
    .values({ ...values, signed_at: null, signed_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await signDraftNote(db, testNoteKey, row.id, signer);
  return row;
}

export type Who = 'anonymous' | 'USER' | 'STAFF' | 'ADMIN';
export const WHO: Who[] = ['anonymous', 'USER', 'STAFF', 'ADMIN'];

export async function journalCookies(t: TestApp): Promise<Record<Who, string | undefined>> {
  return {
    anonymous: undefined,
    USER: await login(t, 'klient@example.com'),
    STAFF: await login(t, 'staff@example.com'),
    ADMIN: await login(t, 'admin@example.com'),
  };
}

/** A form with one question of each kind a reader sees in words; published (by an ADMIN) unless `draft`. */
export async function journalForm(
  t: TestApp,
  cookie: string,
  opts: {
    title?: string;
    draft?: boolean;
    /** An ADMIN's cookie; else one signs in. */ publisher?: string;
    /** 'QUESTIONNAIRE': a form sent to clients (design §4.19); else a journal form. */
    purpose?: Form['purpose'];
  } = {},
): Promise<Form> {
  const created = (
    await send(t, 'POST', '/api/v1/admin/forms', {
      cookie,
      body: opts.purpose ? { purpose: opts.purpose } : {},
    })
  ).json<Form>();
  const res = await send(t, 'PUT', `/api/v1/admin/forms/${created.id}`, {
    cookie,
    body: {
      title: opts.title ?? 'Hälsosamtal',
      version: created.version,
      sections: [
        {
          id: created.sections[0]!.id,
          title: 'Mående',
          instruction: '',
          sortOrder: 1,
          questions: [
            { text: 'Hur mår du?', type: 'LONG_TEXT', required: true, options: {}, sortOrder: 1 },
            { text: 'Sover du bra?', type: 'YES_NO', required: false, options: {}, sortOrder: 2 },
            { text: 'Energinivå', type: 'SCALE', required: false, options: {}, sortOrder: 3 },
          ],
        },
        {
          title: 'Mätningar',
          instruction: '',
          sortOrder: 2,
          questions: [
            {
              text: 'Vikt',
              type: 'NUMBER',
              required: false,
              options: { unit: 'kg' },
              sortOrder: 1,
            },
            { text: 'Provdatum', type: 'DATE', required: false, options: {}, sortOrder: 2 },
            {
              text: 'Måltider',
              type: 'MULTIPLE_CHOICE',
              required: false,
              options: { choices: ['Frukost', 'Lunch', 'Middag'] },
              sortOrder: 3,
            },
            { text: 'Övrigt', type: 'SHORT_TEXT', required: false, options: {}, sortOrder: 4 },
          ],
        },
      ],
    },
  });
  if (res.statusCode !== 200) throw new Error(`form ${res.statusCode} ${res.body}`);
  if (opts.draft) return res.json<Form>();
  // Publishing is ADMIN's (issue 22): whoever wrote the form, an ADMIN publishes it.
  const admin = opts.publisher ?? (await login(t, 'admin@example.com'));
  const pub = await send(t, 'PUT', `/api/v1/admin/forms/${created.id}/publish`, {
    cookie: admin,
  });
  if (pub.statusCode !== 200) throw new Error(`publish ${pub.statusCode} ${pub.body}`);
  return pub.json<Form>();
}

export const qid = (form: Form, text: string): number => {
  const q = form.sections.flatMap((s) => s.questions).find((x) => x.text === text);
  if (!q) throw new Error(`no question ${text}`);
  return q.id;
};

/** Answers to every question of `journalForm`. */
export const fullAnswers = (form: Form): JournalAnswer[] => [
  { questionId: qid(form, 'Hur mår du?'), value: 'Bättre sömn sedan kvällsrutinerna.' },
  { questionId: qid(form, 'Sover du bra?'), value: true },
  { questionId: qid(form, 'Energinivå'), value: 7 },
  { questionId: qid(form, 'Vikt'), value: 72.5 },
  { questionId: qid(form, 'Provdatum'), value: '2026-03-12' },
  { questionId: qid(form, 'Måltider'), value: ['Frukost', 'Middag'] },
  { questionId: qid(form, 'Övrigt'), value: null },
];

export const notePath = (userId: number, formId: number) =>
  `/api/v1/admin/users/${userId}/journal/forms/${formId}/note`;
export const signPath = (userId: number, formId: number) =>
  `/api/v1/admin/users/${userId}/journal/forms/${formId}/sign-and-send`;

export async function saveNote(
  t: TestApp,
  cookie: string,
  userId: number,
  form: Form,
  body: { answers: JournalAnswer[]; version?: number; correctsNoteId?: number },
) {
  return send(t, 'PUT', notePath(userId, form.id), { cookie, body });
}

export const signNote = (t: TestApp, cookie: string, userId: number, formId: number) =>
  send(t, 'POST', signPath(userId, formId), { cookie, body: {} });

/**
 * The journal mails written for `to`, oldest first, from the outbox table (the dev mailer keeps
 * only the last 50, and every login mails a code), with whether each was delivered.
 */
export async function journalMails(t: TestApp, to: string) {
  const rows = await t.db.db
    .selectFrom('outbox')
    .select(['payload', 'sent_at'])
    .where('kind', '=', 'MAIL')
    .orderBy('id')
    .execute();
  return rows
    .map((r) => ({
      ...((typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
        to: string;
        subject: string;
        text: string;
      }),
      delivered: r.sent_at !== null,
    }))
    .filter((m) => m.to === to && m.subject.startsWith('Ny journalanteckning'));
}
