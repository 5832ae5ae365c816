// Demo journal (design.md §4.10): a published 'Hälsosamtal' with several question types, a draft
// 'Kostdagbok', the clinic's journal settings, and one signed note for Karin (klient@example.com)
// so her /journal, the client overview and the staff journal tab show real content.
import {
  noteContentText,
  readableSections,
  type JournalAnswer,
  type QuestionOptions,
  type QuestionType,
} from '@halsa/api/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { signDraftNote, type NoteSigningKey } from '../modules/journal/signature.ts';

interface SeedQuestion {
  text: string;
  type: QuestionType;
  required?: boolean;
  options?: QuestionOptions;
}

const HALSOSAMTAL: { title: string; instruction: string; questions: SeedQuestion[] }[] = [
  {
    title: 'Allmänt mående',
    instruction: 'Fyll i tillsammans med klienten under samtalet.',
    questions: [
      { text: 'Hur har du mått sedan förra samtalet?', type: 'LONG_TEXT', required: true },
      { text: 'Hur skattar du din energinivå?', type: 'SCALE' },
      { text: 'Sover du minst sju timmar per natt?', type: 'YES_NO' },
    ],
  },
  {
    title: 'Mätvärden',
    instruction: 'Från dagens mätning.',
    questions: [
      { text: 'Vikt', type: 'NUMBER', options: { unit: 'kg' } },
      { text: 'Datum för senaste blodprov', type: 'DATE' },
    ],
  },
  {
    title: 'Vanor och mål',
    instruction: '',
    questions: [
      {
        text: 'Vilka måltider äter du regelbundet?',
        type: 'MULTIPLE_CHOICE',
        options: { choices: ['Frukost', 'Lunch', 'Middag', 'Mellanmål'] },
      },
      {
        text: 'Hur ofta tränar du?',
        type: 'SINGLE_CHOICE',
        options: { choices: ['Sällan', '1–2 gånger i veckan', '3 gånger eller mer'] },
      },
      { text: 'Mål till nästa samtal', type: 'SHORT_TEXT' },
    ],
  },
];

/** Karin's answers, by question text. */
const KARIN: Record<string, JournalAnswer['value']> = {
  'Hur har du mått sedan förra samtalet?':
    'Bättre. Sover bättre sedan kvällsrutinerna infördes och har mer ork på eftermiddagarna.',
  'Hur skattar du din energinivå?': 7,
  'Sover du minst sju timmar per natt?': true,
  Vikt: 68.5,
  'Datum för senaste blodprov': '2026-11-02',
  'Vilka måltider äter du regelbundet?': ['Frukost', 'Lunch', 'Middag'],
  'Hur ofta tränar du?': '1–2 gånger i veckan',
  'Mål till nästa samtal': 'Promenad 30 minuter fem dagar i veckan.',
};

type Trx = Transaction<Database>;

async function insertForm(
  trx: Trx,
  title: string,
  drafted: boolean,
  createdBy: number,
  at: Date,
  sections: typeof HALSOSAMTAL,
) {
  const form = await trx
    .insertInto('forms')
    .values({ title, drafted, created_by: createdBy, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const out = [];
  for (const [i, s] of sections.entries()) {
    const section = await trx
      .insertInto('form_sections')
      .values({ form_id: form.id, title: s.title, instruction: s.instruction, sort_order: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questions = [];
    for (const [j, q] of s.questions.entries()) {
      const row = await trx
        .insertInto('form_questions')
        .values({
          section_id: section.id,
          text: q.text,
          type: q.type,
          required: q.required ?? false,
          options: JSON.stringify(q.options ?? {}),
          sort_order: j + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      questions.push({
        id: row.id,
        text: q.text,
        type: q.type,
        options: q.options ?? {},
        sortOrder: j + 1,
      });
    }
    out.push({ title: s.title, sortOrder: i + 1, questions });
  }
  return { id: form.id, sections: out };
}

/** Seeds the demo journal inside the demo seed's transaction. */
export async function seedJournal(
  trx: Trx,
  ids: Record<string, number>,
  now: Date,
  noteKey: NoteSigningKey,
): Promise<void> {
  const staff = ids['staff@example.com']!;
  const admin = ids['admin@example.com']!;
  const karin = ids['klient@example.com']!;
  const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  const form = await insertForm(trx, 'Hälsosamtal', false, staff, ago(30), HALSOSAMTAL);
  await insertForm(trx, 'Kostdagbok', true, staff, ago(5), [
    {
      title: 'Dagens måltider',
      instruction: 'Skriv ner allt du äter under en dag.',
      questions: [
        { text: 'Frukost', type: 'SHORT_TEXT' },
        { text: 'Lunch', type: 'SHORT_TEXT' },
      ],
    },
  ]);

  const letterhead = {
    clinic_name: 'Hälsoportalen',
    signature_line: 'Med vänliga hälsningar, teamet på Hälsoportalen',
  };
  await trx
    .updateTable('journal_settings')
    .set({
      ...letterhead,
      default_form_id: form.id,
      updated_by: admin,
      updated_at: ago(30),
    })
    .where('id', '=', 1)
    .execute();

  const answers: JournalAnswer[] = form.sections.flatMap((s) =>
    s.questions.map((q) => ({ questionId: q.id, value: KARIN[q.text] ?? null })),
  );
  const signedAt = ago(2);
  const signer = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', admin)
    .executeTakeFirstOrThrow();
  const text = noteContentText({
    title: 'Hälsosamtal',
    signedByName: `${signer.first_name} ${signer.last_name}`.trim(),
    signedOn: signedAt.toISOString().slice(0, 10),
    sections: readableSections(form, answers),
  });
  // A draft, then signed (the database refuses an INSERT of a signed note).
  const note = await trx
    .insertInto('journal_notes')
    .values({
      user_id: karin,
      author_id: admin,
      form_id: form.id,
      kind: 'JOURNAL',
      form_title: 'Hälsosamtal',
      answers: JSON.stringify(answers),
      content: text,
      signed_by: null,
      signed_at: null,
      sent_at: null,
      // Frozen at signing, as the portal's sign-and-send does (migration 0011).
      ...letterhead,
      created_at: ago(2),
      updated_at: signedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await signDraftNote(trx, noteKey, note.id, { signedBy: admin, signedAt, sentAt: signedAt });
}
