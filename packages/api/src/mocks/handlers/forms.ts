import { http, type HttpHandler } from 'msw';
import {
  FORM_IN_USE_BY_DRAFTS,
  FORM_PUBLISHED_READ_ONLY,
  FORM_VERSION_CONFLICT,
  type Form,
  type FormSummary,
} from '../../contract/index.ts';
import { answerPage } from './paging.ts';
import { mockState, nextMockId } from '../state.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { idParam, readJson } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { errorFor, loadingFor, scenariosFor, slowFor } from './scenarios.ts';

const UNKNOWN_SECTION = 'En sektion hör inte till formuläret. Ladda om sidan och försök igen.';
const UNKNOWN_QUESTION = 'En fråga hör inte till formuläret. Ladda om sidan och försök igen.';

const summary = (f: Form): FormSummary => ({
  id: f.id,
  title: f.title,
  drafted: f.drafted,
  purpose: f.purpose,
});

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
    answerPage(
      mockState.forms
        .filter((f) => {
          const purpose = new URL(request.url).searchParams.get('purpose');
          return !purpose || f.purpose === purpose;
        })
        .map(summary),
      request,
      { searchText: (f) => f.title },
    ),
  ),
  on('createForm', async ({ request }) => {
    const body = await readJson(request, 'createForm');
    const form: Form = {
      id: nextMockId(),
      title: 'Nytt formulär',
      drafted: true,
      purpose: body.purpose ?? 'JOURNAL',
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
    // As the server: an id that is not this form's refuses the whole save.
    for (const incoming of body.sections) {
      const known = form.sections.find((s) => s.id === incoming.id);
      if (incoming.id && !known) return errorResponse(400, UNKNOWN_SECTION);
      for (const q of incoming.questions) {
        if (q.id && !known?.questions.some((x) => x.id === q.id)) {
          return errorResponse(400, UNKNOWN_QUESTION);
        }
      }
    }
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
    // As the server: a client's unsigned note of the form (fixture: form 2) keeps it (issue 22).
    if (mockState.journalNotes.some((n) => n.formId === form.id && n.status === 'UNSIGNED'))
      return errorResponse(409, FORM_IN_USE_BY_DRAFTS);
    mockState.forms = mockState.forms.filter((f) => f.id !== form.id);
    return noContent();
  }),
  on('publishForm', ({ params }) => {
    const form = formOr404(params);
    form.drafted = false;
    return HttpResponse.json(form);
  }),
  on('deleteFormSection', ({ request, params }) => {
    const form = formOr404(params);
    if (!form.drafted) return errorResponse(409, FORM_PUBLISHED_READ_ONLY);
    const expected = new URL(request.url).searchParams.get('version');
    if (expected !== null && Number(expected) !== form.version)
      return errorResponse(409, FORM_VERSION_CONFLICT);
    const sectionId = idParam(params, 'sectionId');
    if (!form.sections.some((s) => s.id === sectionId))
      return errorResponse(404, 'Sektionen hittades inte.');
    form.sections = form.sections.filter((s) => s.id !== sectionId);
    form.version += 1;
    return HttpResponse.json({ version: form.version });
  }),
  on('deleteFormQuestion', ({ request, params }) => {
    const form = formOr404(params);
    if (!form.drafted) return errorResponse(409, FORM_PUBLISHED_READ_ONLY);
    const expected = new URL(request.url).searchParams.get('version');
    if (expected !== null && Number(expected) !== form.version)
      return errorResponse(409, FORM_VERSION_CONFLICT);
    const section = form.sections.find((s) => s.id === idParam(params, 'sectionId'));
    const questionId = idParam(params, 'questionId');
    if (!section?.questions.some((q) => q.id === questionId)) {
      return errorResponse(404, 'Frågan hittades inte.');
    }
    section.questions = section.questions.filter((q) => q.id !== questionId);
    form.version += 1;
    return HttpResponse.json({ version: form.version });
  }),
  on('duplicateForm', ({ params }) => {
    const original = formOr404(params);
    const copy: Form = {
      id: nextMockId(),
      title: `Kopia av ${original.title}`,
      drafted: true,
      purpose: original.purpose,
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
  ]),
  /** No forms. */
  empty: [answer('formSummaries', ({ request }) => answerPage([], request))],
  /** Creating fails without a message (→ 'Misslyckades att skapa nytt formulär'). */
  createFailure: [answer('createForm', () => errorResponse(500))],
  /** The list cannot be fetched (→ 'Misslyckades att hämta formulär'). */
  listFailure: [answer('formSummaries', () => errorResponse(500))],
  /** One form cannot be fetched (the editor shows 'Misslyckades att ladda formulär.'). */
  loadFailure: [answer('form', () => errorResponse(500))],
  /** The list and the form answer after two seconds. */
  slowLoad: slowFor(['formSummaries', 'form']),
  /** Autosave never gets through: the network is down (fetch rejects). */
  saveOffline: [answer('updateForm', () => HttpResponse.error())],
  /** Autosave is refused without a message (→ 'Misslyckades att spara formulär'). */
  saveFailure: [answer('updateForm', () => errorResponse(500))],
  /** Someone else saved first: 409 with the contract's Swedish message. */
  saveConflict: [answer('updateForm', () => errorResponse(409, FORM_VERSION_CONFLICT))],
  /** Autosave waits for ever (the 'Sparar…' state). */
  saveHangs: loadingFor(['updateForm']),
  /** Deleting a form, section or question fails without a message. */
  deleteFailure: errorFor(['deleteForm', 'deleteFormSection', 'deleteFormQuestion']),
};

/**
 * A network the story switches off and on: while off, every forms call fails as a dropped
 * connection does (fetch rejects); `puts` counts the PUTs that got through.
 */
export function formNetwork() {
  const net = { offline: false, puts: 0, bodies: [] as unknown[] };
  const handlers: HttpHandler[] = [
    http.all('*/api/v1/admin/forms/*', async ({ request }) => {
      if (net.offline) return HttpResponse.error();
      if (request.method === 'PUT' && !request.url.endsWith('/publish')) {
        net.puts += 1;
        net.bodies.push(await request.clone().json());
      }
      return undefined;
    }),
  ];
  return {
    handlers,
    goOffline: () => {
      net.offline = true;
    },
    goOnline: () => {
      net.offline = false;
    },
    get puts() {
      return net.puts;
    },
    /** The last PUT body that reached the server. */
    get lastBody() {
      return net.bodies.at(-1);
    },
    reset: () => {
      net.offline = false;
      net.puts = 0;
      net.bodies = [];
    },
  };
}
