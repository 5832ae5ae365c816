import type { HttpHandler } from 'msw';
import {
  FORM_PUBLISHED_READ_ONLY,
  FORM_VERSION_CONFLICT,
  type Form,
  type FormSummary,
} from '../../contract/index.ts';
import { answerPage } from './paging.ts';
import { findUser, mockState, nextMockId } from '../state.ts';
import { fullName } from '../fixtures/users.ts';
import {
  answer,
  errorResponse,
  HttpResponse,
  idParam,
  noContent,
  nowIso,
  on,
  readJson,
  scenariosFor,
  viewer,
  type MockParams,
} from './utils.ts';

const summary = (f: Form): FormSummary => ({ id: f.id, title: f.title, drafted: f.drafted });

const formOr404 = (params: MockParams, name = 'id'): Form => {
  const id = idParam(params, name);
  const form = mockState.forms.find((f) => f.id === id);
  if (!form) throw errorResponse(404, 'Formuläret hittades inte.');
  return form;
};

const bySort = <T extends { sortOrder: number }>(list: T[]): T[] =>
  list.sort((a, b) => a.sortOrder - b.sortOrder);

export const formHandlers: HttpHandler[] = [
  // Before `/forms/:id`, which would also match 'getSummaries'.
  on('formSummaries', ({ request }) =>
    answerPage(mockState.forms.map(summary), request, { searchText: (f) => f.title }),
  ),
  on('createForm', () => {
    const form: Form = {
      id: nextMockId(),
      title: 'Nytt formulär',
      drafted: true,
      version: 1,
      sections: [{ id: nextMockId(), title: '', instruction: '', sortOrder: 1, questions: [] }],
    };
    mockState.forms.push(form);
    return HttpResponse.json(form, { status: 201 });
  }),
  on('form', ({ params }) => HttpResponse.json(formOr404(params))),
  on('updateForm', async ({ request, params }) => {
    const form = formOr404(params);
    const body = await readJson(request, 'updateForm');
    if (!form.drafted) return errorResponse(409, FORM_PUBLISHED_READ_ONLY);
    if (body.version !== form.version) return errorResponse(409, FORM_VERSION_CONFLICT);
    form.version += 1;
    form.title = body.title;
    for (const incoming of body.sections) {
      const existing = incoming.id ? form.sections.find((s) => s.id === incoming.id) : undefined;
      const section = existing ?? {
        id: nextMockId(),
        title: '',
        instruction: '',
        sortOrder: 0,
        questions: [],
      };
      if (!existing) form.sections.push(section);
      section.title = incoming.title;
      section.instruction = incoming.instruction;
      section.sortOrder = incoming.sortOrder;
      for (const q of incoming.questions) {
        const question = q.id ? section.questions.find((x) => x.id === q.id) : undefined;
        const fields = {
          text: q.text,
          type: q.type,
          required: q.required,
          options: q.options,
          sortOrder: q.sortOrder,
        };
        if (question) Object.assign(question, fields);
        else section.questions.push({ id: nextMockId(), ...fields });
      }
      bySort(section.questions);
    }
    bySort(form.sections);
    return HttpResponse.json(form);
  }),
  on('deleteForm', ({ params }) => {
    const form = formOr404(params);
    mockState.forms = mockState.forms.filter((f) => f.id !== form.id);
    return noContent();
  }),
  on('publishForm', ({ params }) => {
    const form = formOr404(params);
    form.drafted = false;
    return HttpResponse.json(form);
  }),
  on('deleteFormSection', ({ params }) => {
    const form = formOr404(params);
    const sectionId = idParam(params, 'sectionId');
    if (!form.sections.some((s) => s.id === sectionId))
      return errorResponse(404, 'Sektionen hittades inte.');
    form.sections = form.sections.filter((s) => s.id !== sectionId);
    return noContent();
  }),
  on('deleteFormQuestion', ({ params }) => {
    const form = formOr404(params);
    const section = form.sections.find((s) => s.id === idParam(params, 'sectionId'));
    const questionId = idParam(params, 'questionId');
    if (!section?.questions.some((q) => q.id === questionId)) {
      return errorResponse(404, 'Frågan hittades inte.');
    }
    section.questions = section.questions.filter((q) => q.id !== questionId);
    return noContent();
  }),
  on('duplicateForm', ({ params }) => {
    const original = formOr404(params);
    const copy: Form = {
      id: nextMockId(),
      title: `${original.title} (kopia)`,
      drafted: true,
      version: 1,
      sections: original.sections.map((s) => ({
        ...s,
        id: nextMockId(),
        questions: s.questions.map((q) => ({ ...q, id: nextMockId() })),
      })),
    };
    mockState.forms.push(copy);
    return HttpResponse.json(copy, { status: 201 });
  }),
  on('signAndSendForm', ({ params }) => {
    const userId = idParam(params, 'userId');
    const client = findUser(userId);
    if (!client) return errorResponse(404, 'Klienten hittades inte.');
    const form = formOr404(params, 'formId');
    if (form.drafted) return errorResponse(409, 'Formuläret är ett utkast och kan inte skickas.');
    const me = viewer();
    const signedAt = nowIso();
    const journal = (mockState.clientJournals[userId] ??= { dailyNotes: [], entries: [] });
    journal.entries.unshift({
      id: nextMockId(),
      formId: form.id,
      title: form.title,
      signedAt,
      signedByName: fullName(me),
    });
    mockState.activityLogs.unshift({
      id: nextMockId(),
      action: 'JOURNAL_NOTE_SIGNED',
      performedByName: fullName(me),
      timestamp: signedAt,
      subjectUserName: fullName(client),
      ipAddress: '127.0.0.1',
    });
    return noContent();
  }),
];

export const formScenarios = {
  ...scenariosFor([
    'formSummaries',
    'createForm',
    'form',
    'updateForm',
    'deleteForm',
    'publishForm',
    'deleteFormSection',
    'deleteFormQuestion',
    'duplicateForm',
    'signAndSendForm',
  ]),
  /** No forms. */
  empty: [answer('formSummaries', () => HttpResponse.json([]))],
  /** Creating fails without a message (→ 'Misslyckades att skapa nytt formulär'). */
  createFailure: [answer('createForm', () => errorResponse(500))],
  /** Sign-and-send fails without a message (→ 'Misslyckades att skicka formuläret'). */
  sendFailure: [answer('signAndSendForm', () => errorResponse(500))],
};
