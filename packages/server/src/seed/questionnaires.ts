// Demo questionnaire (design §4.19, issue 36): 'Hälsodeklaration inför hälsokontroll', 15
// questions of every type the builder has, published as 'Enkät till klient', sent open to Karin
// (klient@example.com, last day in ten days) and answered and submitted by Lars, so /questionnaires,
// the staff Journal tab and the FHIR views show real content from the start.
import {
  readableSections,
  swedishDate,
  type JournalAnswer,
  type QuestionOptions,
  type QuestionType,
} from '@halsa/api/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { stockholmDay } from '../lib/format.ts';
import { contentHash } from '../modules/journal/signature.ts';
import {
  questionnaireContentText,
  questionnaireReminderAt,
} from '../modules/questionnaires/service.ts';

interface SeedQuestion {
  text: string;
  type: QuestionType;
  required?: boolean;
  options?: QuestionOptions;
}

export const HALSODEKLARATION_TITLE = 'Hälsodeklaration inför hälsokontroll';

const SECTIONS: { title: string; instruction: string; questions: SeedQuestion[] }[] = [
  {
    title: 'Levnadsvanor',
    instruction: 'Svara utifrån hur det har sett ut den senaste månaden.',
    questions: [
      {
        text: 'Hur ofta är du fysiskt aktiv minst 30 minuter?',
        type: 'SINGLE_CHOICE',
        required: true,
        options: {
          choices: ['Sällan', '1–2 dagar i veckan', '3–4 dagar i veckan', 'Nästan varje dag'],
        },
      },
      { text: 'Röker du?', type: 'YES_NO', required: true },
      { text: 'Använder du snus?', type: 'YES_NO' },
      {
        text: 'Hur många glas alkohol dricker du en vanlig vecka?',
        type: 'NUMBER',
        options: { unit: 'glas' },
      },
      { text: 'Hur skattar du din sömn?', type: 'SCALE' },
      { text: 'Hur skattar du din stressnivå?', type: 'SCALE' },
    ],
  },
  {
    title: 'Symtom och besvär',
    instruction: '',
    questions: [
      {
        text: 'Har du något av följande besvär?',
        type: 'MULTIPLE_CHOICE',
        options: {
          choices: ['Huvudvärk', 'Yrsel', 'Andfåddhet', 'Bröstsmärta', 'Magbesvär', 'Inga'],
        },
      },
      { text: 'Beskriv besvären med egna ord', type: 'LONG_TEXT' },
    ],
  },
  {
    title: 'Mediciner och mätvärden',
    instruction: 'Ta gärna fram förpackningarna när du svarar.',
    questions: [
      { text: 'Tar du några läkemedel regelbundet?', type: 'YES_NO', required: true },
      { text: 'Vilka läkemedel och vilken dos?', type: 'LONG_TEXT' },
      { text: 'Längd', type: 'NUMBER', options: { unit: 'cm' } },
      { text: 'Vikt', type: 'NUMBER', options: { unit: 'kg' } },
      { text: 'När tog du senast blodprov?', type: 'DATE' },
    ],
  },
  {
    title: 'Ärftlighet',
    instruction: 'Gäller föräldrar och syskon.',
    questions: [
      {
        text: 'Finns något av följande i din nära familj?',
        type: 'MULTIPLE_CHOICE',
        options: { choices: ['Hjärt-kärlsjukdom', 'Diabetes', 'Cancer', 'Inget av detta'] },
      },
      { text: 'Övrigt du vill att vi känner till', type: 'SHORT_TEXT' },
    ],
  },
];

/** Lars's answers, by question text. */
const LARS: Record<string, JournalAnswer['value']> = {
  'Hur ofta är du fysiskt aktiv minst 30 minuter?': '1–2 dagar i veckan',
  'Röker du?': false,
  'Använder du snus?': true,
  'Hur många glas alkohol dricker du en vanlig vecka?': 4,
  'Hur skattar du din sömn?': 6,
  'Hur skattar du din stressnivå?': 7,
  'Har du något av följande besvär?': ['Huvudvärk'],
  'Beskriv besvären med egna ord':
    'Huvudvärk några eftermiddagar i veckan, oftast efter långa möten.',
  'Tar du några läkemedel regelbundet?': false,
  Längd: 182,
  Vikt: 88,
  'När tog du senast blodprov?': '2025-10-14',
  'Finns något av följande i din nära familj?': ['Hjärt-kärlsjukdom'],
};

type Trx = Transaction<Database>;

/** Seeds the demo questionnaire inside the demo seed's transaction. */
export async function seedQuestionnaires(
  trx: Trx,
  ids: Record<string, number>,
  now: Date,
): Promise<void> {
  const staff = ids['staff@example.com']!;
  const admin = ids['admin@example.com']!;
  const karin = ids['klient@example.com']!;
  const lars = ids['lars.nilsson@example.com']!;
  const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  const form = await trx
    .insertInto('forms')
    .values({
      title: HALSODEKLARATION_TITLE,
      drafted: false,
      purpose: 'QUESTIONNAIRE',
      created_by: admin,
      created_at: ago(14),
      updated_at: ago(14),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questions: { id: number; text: string }[] = [];
  const readable = [];
  for (const [i, s] of SECTIONS.entries()) {
    const section = await trx
      .insertInto('form_sections')
      .values({ form_id: form.id, title: s.title, instruction: s.instruction, sort_order: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await trx
      .insertInto('form_questions')
      .values(
        s.questions.map((q, j) => ({
          section_id: section.id,
          text: q.text,
          type: q.type,
          required: q.required ?? false,
          options: JSON.stringify(q.options ?? {}),
          sort_order: j + 1,
        })),
      )
      .returning(['id', 'text'])
      .execute();
    questions.push(...rows);
    readable.push({
      title: s.title,
      sortOrder: i + 1,
      questions: rows.map((r, j) => ({
        id: r.id,
        text: r.text,
        type: s.questions[j]!.type,
        options: s.questions[j]!.options ?? {},
        sortOrder: j + 1,
      })),
    });
  }

  const dueIn = (days: number) =>
    new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  // Karin's is open, with a last day in ten days (its reminder comes 3 days before).
  const karinDue = dueIn(10);
  await trx
    .insertInto('questionnaires')
    .values({
      form_id: form.id,
      client_user_id: karin,
      sent_by: staff,
      form_title: HALSODEKLARATION_TITLE,
      sent_at: ago(1),
      due_date: karinDue as unknown as Date,
      updated_at: ago(1),
      reminder_due_at: questionnaireReminderAt(karinDue, now),
    })
    .execute();
  await trx
    .insertInto('notifications')
    .values({
      user_id: karin,
      type: 'QUESTIONNAIRE',
      message: 'Du har fått en ny enkät att fylla i.',
      status: 'UNREAD',
      created_at: ago(1),
    })
    .execute();

  // Lars answered his and sent it in: inserted open, then submitted (the database refuses an
  // INSERT of a submitted one), with the same text and hash the portal's 'Skicka in' writes.
  const answers: JournalAnswer[] = questions.map((q) => ({
    questionId: q.id,
    value: LARS[q.text] ?? null,
  }));
  const submittedAt = ago(3);
  const content = questionnaireContentText(
    HALSODEKLARATION_TITLE,
    `Inskickad av Lars Nilsson ${swedishDate(stockholmDay(submittedAt))}`,
    readableSections({ sections: readable }, answers),
  );
  const row = await trx
    .insertInto('questionnaires')
    .values({
      form_id: form.id,
      client_user_id: lars,
      sent_by: staff,
      form_title: HALSODEKLARATION_TITLE,
      sent_at: ago(6),
      answers: JSON.stringify(answers),
      version: 4,
      updated_at: submittedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('questionnaires')
    .set({
      status: 'SUBMITTED',
      submitted_at: submittedAt,
      content,
      content_hash: contentHash(content),
      version: 5,
    })
    .where('id', '=', row.id)
    .execute();
}
