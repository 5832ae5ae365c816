import type { HttpHandler } from 'msw';
import {
  answerFits,
  JOURNAL_SETTINGS_DEFAULT_FORM,
  JOURNAL_SETTINGS_VERSION_CONFLICT,
  NOTE_ANSWER_MISFIT,
  NOTE_DRAFT_FORM,
  NOTE_NOTHING_TO_SIGN,
  NOTE_REQUIRED_MISSING,
  NOTE_UNKNOWN_QUESTION,
  NOTE_VERSION_CONFLICT,
  noteContentText,
  readableSections,
  type DailyNote,
  type Form,
  type JournalNote,
} from '../../contract/index.ts';
import {
  correctionNoteFixtures,
  everyQuestionTypeForm,
  manyNoteFixtures,
} from '../fixtures/journal.ts';
import { fullName } from '../fixtures/users.ts';
import { findUser, mockState, nextMockId } from '../state.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { idParam, readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse, nowIso } from './respond.ts';
import { scenariosFor, slowFor } from './scenarios.ts';

const emptyJournal = () => ({ dailyNotes: [], entries: [] });

/** The client and the published form of a `/users/:userId/journal/forms/:formId/…` call. */
const clientAndForm = (params: MockParams): { userId: number; form: Form } => {
  const userId = idParam(params, 'userId');
  if (!findUser(userId)) throw errorResponse(404, 'Klienten hittades inte.');
  const formId = idParam(params, 'formId');
  const form = mockState.forms.find((f) => f.id === formId);
  if (!form) throw errorResponse(404, 'Formuläret hittades inte.');
  return { userId, form };
};

const unsignedNote = (userId: number, formId: number): JournalNote | undefined =>
  mockState.journalNotes.find(
    (n) => n.clientId === userId && n.formId === formId && n.status === 'UNSIGNED',
  );

/** The note as the journal lists show it, kept in `clientJournals` beside the full note. */
function showInJournal(note: JournalNote, form: Form, authorName: string, content: string) {
  const journal = (mockState.clientJournals[note.clientId] ??= emptyJournal());
  const daily: DailyNote = {
    id: note.id,
    content,
    createdAt: note.createdAt,
    authorName,
    signed: note.status === 'SIGNED',
    signedAt: note.signedAt,
    title: note.formTitle,
    formId: note.formId,
    signedByName: note.signedBy?.name ?? null,
    correctsNoteId: note.correctsNoteId,
    // Signing copies the settings onto the note, as the server does.
    clinicName: note.status === 'SIGNED' ? mockState.journalSettings.clinicName : null,
    signatureLine: note.status === 'SIGNED' ? mockState.journalSettings.signatureLine : null,
    sections: readableSections(form, note.answers),
  };
  journal.dailyNotes = [daily, ...journal.dailyNotes.filter((n) => n.id !== note.id)];
  if (note.status === 'SIGNED' && note.signedAt && note.signedBy) {
    journal.entries.unshift({
      id: note.id,
      formId: note.formId,
      title: note.formTitle,
      signedAt: note.signedAt,
      signedByName: note.signedBy.name,
    });
  }
}

export const journalHandlers: HttpHandler[] = [
  on('dailyNotes', () => {
    const me = viewer();
    // A demo convenience: someone without a journal of their own sees Anna Lindqvist's.
    const notes = mockState.clientJournals[me.id]?.dailyNotes ?? mockState.dailyNotes;
    return HttpResponse.json(notes.filter((n) => n.signed));
  }),
  on('clientJournal', ({ params }) =>
    HttpResponse.json(mockState.clientJournals[idParam(params)] ?? emptyJournal()),
  ),
  on('latestSignedNote', ({ params }) => {
    const notes = mockState.clientJournals[idParam(params)]?.dailyNotes ?? [];
    const latest = notes
      .filter((n) => n.signed && n.signedAt)
      .sort((a, b) => Date.parse(b.signedAt ?? '') - Date.parse(a.signedAt ?? ''))[0];
    return HttpResponse.json({ noteContent: latest?.content ?? null });
  }),
  on('journalNote', ({ params }) => {
    const { userId, form } = clientAndForm(params);
    return HttpResponse.json({ note: unsignedNote(userId, form.id) ?? null });
  }),
  on('saveJournalNote', async ({ request, params }) => {
    const { userId, form } = clientAndForm(params);
    const body = await readJson(request, 'saveJournalNote');
    if (form.drafted) return errorResponse(409, NOTE_DRAFT_FORM);
    const questions = new Map(form.sections.flatMap((s) => s.questions).map((q) => [q.id, q]));
    for (const a of body.answers) {
      const question = questions.get(a.questionId);
      if (!question) return errorResponse(400, NOTE_UNKNOWN_QUESTION);
      if (!answerFits(question, a.value)) return errorResponse(400, NOTE_ANSWER_MISFIT);
    }
    const existing = unsignedNote(userId, form.id);
    if ((existing?.version ?? undefined) !== body.version) {
      return errorResponse(409, NOTE_VERSION_CONFLICT);
    }
    const now = nowIso();
    const note: JournalNote = existing ?? {
      id: nextMockId(),
      clientId: userId,
      formId: form.id,
      formTitle: form.title,
      version: 0,
      status: 'UNSIGNED',
      answers: [],
      createdAt: now,
      updatedAt: now,
      signedBy: null,
      signedAt: null,
      contentHash: null,
      correctsNoteId: body.correctsNoteId ?? null,
    };
    if (!existing) mockState.journalNotes.push(note);
    note.version += 1;
    note.answers = body.answers;
    note.updatedAt = now;
    showInJournal(note, form, fullName(viewer()), '');
    return HttpResponse.json(note);
  }),
  on('signJournalNote', ({ params }) => {
    const { userId, form } = clientAndForm(params);
    const note = unsignedNote(userId, form.id);
    if (!note) return errorResponse(409, NOTE_NOTHING_TO_SIGN);
    const answered = new Map(note.answers.map((a) => [a.questionId, a.value]));
    const missing = form.sections
      .flatMap((s) => s.questions)
      .some((q) => q.required && (answered.get(q.id) ?? null) === null);
    if (missing) return errorResponse(400, NOTE_REQUIRED_MISSING);
    const me = viewer();
    const signedAt = nowIso();
    Object.assign(note, {
      status: 'SIGNED',
      signedAt,
      signedBy: { id: me.id, name: fullName(me) },
      updatedAt: signedAt,
      contentHash: '0'.repeat(64),
    });
    const content = noteContentText({
      title: note.formTitle,
      signedByName: fullName(me),
      signedOn: signedAt.slice(0, 10),
      sections: readableSections(form, note.answers),
    });
    showInJournal(note, form, fullName(me), content);
    const client = findUser(userId);
    mockState.activityLogs.unshift({
      id: nextMockId(),
      action: 'JOURNAL_NOTE_SIGNED',
      performedByName: fullName(me),
      timestamp: signedAt,
      subjectUserName: client ? fullName(client) : null,
      ipAddress: '127.0.0.1',
    });
    return HttpResponse.json(note);
  }),
  on('journalSettings', () => HttpResponse.json(mockState.journalSettings)),
  on('updateJournalSettings', async ({ request }) => {
    const body = await readJson(request, 'updateJournalSettings');
    if (body.version !== mockState.journalSettings.version) {
      return errorResponse(409, JOURNAL_SETTINGS_VERSION_CONFLICT);
    }
    if (
      body.defaultFormId !== null &&
      !mockState.forms.some((f) => f.id === body.defaultFormId && !f.drafted)
    ) {
      return errorResponse(400, JOURNAL_SETTINGS_DEFAULT_FORM);
    }
    mockState.journalSettings = { ...body, version: body.version + 1 };
    return HttpResponse.json(mockState.journalSettings);
  }),
];

export const journalScenarios = {
  ...scenariosFor([
    'dailyNotes',
    'clientJournal',
    'latestSignedNote',
    'journalNote',
    'saveJournalNote',
    'signJournalNote',
    'journalSettings',
    'updateJournalSettings',
  ]),
  /** No notes, no entries, no signed note. */
  empty: [
    answer('dailyNotes', () => HttpResponse.json([])),
    answer('clientJournal', () => HttpResponse.json(emptyJournal())),
    answer('latestSignedNote', () => HttpResponse.json({ noteContent: null })),
  ],
  /** 40 notes for staff (every fifth unsigned), 30 signed ones for the client. */
  many: [
    answer('dailyNotes', () => HttpResponse.json(manyNoteFixtures(30))),
    answer('clientJournal', () => HttpResponse.json(journalOf(manyNoteFixtures(40, 5)))),
  ],
  /** A signed note and the signed correction of it. */
  correction: [
    answer('dailyNotes', () => HttpResponse.json(correctionNoteFixtures)),
    answer('clientJournal', () => HttpResponse.json(journalOf(correctionNoteFixtures))),
  ],
  /** The journal lists fail without a message (→ 'Misslyckades att ladda journal.'). */
  journalFailure: [
    answer('dailyNotes', () => errorResponse(500)),
    answer('clientJournal', () => errorResponse(500)),
  ],
  /** The published form with every question type (id 40) is in the forms. */
  everyQuestionType: [
    answer('form', ({ params }) =>
      Number(params.id) === everyQuestionTypeForm.id
        ? HttpResponse.json(addEveryQuestionTypeForm())
        : undefined,
    ),
    answer('journalNote', ({ params }) => {
      if (Number(params.formId) === everyQuestionTypeForm.id) addEveryQuestionTypeForm();
      return undefined;
    }),
  ],
  /** The form of the fill-in page fails to load (→ 'Misslyckades att ladda formulär.'). */
  formFailure: [answer('form', () => errorResponse(500))],
  /** Loading the client's unsigned note fails (→ 'Misslyckades att ladda formulär.'). */
  noteFailure: [answer('journalNote', () => errorResponse(500))],
  /** Every autosave fails as a dropped network would (the answers are kept and resent). */
  saveOffline: [answer('saveJournalNote', () => HttpResponse.error())],
  /** Someone else saved the note first. */
  saveConflict: [answer('saveJournalNote', () => errorResponse(409, NOTE_VERSION_CONFLICT))],
  /** Signing fails without a message (→ 'Misslyckades att skicka formulär.'). */
  signFailure: [answer('signJournalNote', () => errorResponse(500))],
  /** Signing is refused: a required question has no answer. */
  signRequiredMissing: [answer('signJournalNote', () => errorResponse(400, NOTE_REQUIRED_MISSING))],
  /** Signing takes two seconds (the 'Signerar och skickar...' state). */
  signSlow: slowFor(['signJournalNote']),
  /** Saving the settings is refused: someone else saved them first. */
  settingsConflict: [
    answer('updateJournalSettings', () => errorResponse(409, JOURNAL_SETTINGS_VERSION_CONFLICT)),
  ],
};

/** A journal of these notes: `entries` are the signed ones. */
function journalOf(notes: DailyNote[]) {
  return {
    dailyNotes: notes,
    entries: notes
      .filter((n) => n.signed && n.signedAt)
      .map((n) => ({
        id: n.id,
        formId: n.formId,
        title: n.title,
        signedAt: n.signedAt ?? '',
        signedByName: n.signedByName ?? n.authorName,
      })),
  };
}

/** Puts the every-question-type form into the mock state once; answers the stored one. */
function addEveryQuestionTypeForm(): Form {
  const stored = mockState.forms.find((f) => f.id === everyQuestionTypeForm.id);
  if (stored) return stored;
  const form = structuredClone(everyQuestionTypeForm);
  mockState.forms.push(form);
  return form;
}
