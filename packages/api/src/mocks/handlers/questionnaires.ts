// Questionnaires in the mocks (design §4.19), as the server answers them: a client reads and
// answers only her own (another's id is 404), autosave with a version, 'Skicka in' checks the
// required answers and freezes; staff send (never a second open one), STAFF only to her care
// team's clients; the FHIR views written by the server's own writer (api/src/fhir). Scenarios:
// empty, error, offline saving.
import type { HttpHandler } from 'msw';
import {
  answerFits,
  QUESTIONNAIRE_MESSAGES as M,
  readableSections,
  type Form,
  type QuestionnaireDetail,
  type QuestionnaireSummary,
  type StaffQuestionnaire,
} from '../../contract/index.ts';
import { toFhirQuestionnaire, toFhirQuestionnaireResponse } from '../../fhir/questionnaire.ts';
import { questionnaireForm, type StoredQuestionnaire } from '../fixtures/questionnaires.ts';
import { fullName } from '../fixtures/users.ts';
import { findUser, mockState, nextMockId } from '../state.ts';
import { careRelationOr403 } from './care-team.ts';
import { answer, on } from './endpoint.ts';
import { idParam, readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse, nowIso } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const formOf = (formId: number): Form | undefined =>
  mockState.forms.find((f) => f.id === formId) ??
  (formId === questionnaireForm.id ? questionnaireForm : undefined);

const summary = (q: StoredQuestionnaire): QuestionnaireSummary => ({
  id: q.id,
  formId: q.formId,
  title: q.title,
  status: q.status,
  sentAt: q.sentAt,
  dueDate: q.dueDate,
  submittedAt: q.submittedAt,
});

const detail = (q: StoredQuestionnaire): QuestionnaireDetail => ({
  ...summary(q),
  version: q.version,
  sections: formOf(q.formId)?.sections ?? [],
  answers: q.answers,
  contentHash: q.contentHash,
});

const forStaff = (q: StoredQuestionnaire): StaffQuestionnaire => {
  const form = formOf(q.formId);
  return {
    ...summary(q),
    sentByName: q.sentByName,
    sections: q.status === 'SUBMITTED' && form ? readableSections(form, q.answers) : [],
    contentHash: q.contentHash,
  };
};

/** Hers, or 404 whatever id she sends. */
const own = (id: number): StoredQuestionnaire => {
  const me = viewer();
  const q = mockState.questionnaires.find((x) => x.id === id && x.clientId === me.id);
  if (!q) throw errorResponse(404, M.notFound);
  return q;
};

const byDue = (a: StoredQuestionnaire, b: StoredQuestionnaire) =>
  Number(a.status !== 'OPEN') - Number(b.status !== 'OPEN') ||
  (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
  b.sentAt.localeCompare(a.sentAt);

/** A fake sha-256 (hex) of a text, stable per text: the mocks do not hash. */
const fakeHash = (text: string) => {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(8);
};

function sendOne(formId: number, clientId: number, dueDate: string | null | undefined) {
  const form = formOf(formId);
  if (!form) throw errorResponse(404, M.formNotFound);
  if (form.purpose !== 'QUESTIONNAIRE') throw errorResponse(400, M.notQuestionnaire);
  if (form.drafted) throw errorResponse(409, M.draftForm);
  if (dueDate && dueDate < nowIso().slice(0, 10)) throw errorResponse(400, M.dueDatePast);
  if (
    mockState.questionnaires.some(
      (q) => q.formId === formId && q.clientId === clientId && q.status === 'OPEN',
    )
  ) {
    return null;
  }
  const stored: StoredQuestionnaire = {
    id: nextMockId(),
    formId,
    clientId,
    title: form.title,
    status: 'OPEN',
    sentAt: nowIso(),
    dueDate: dueDate ?? null,
    submittedAt: null,
    version: 1,
    answers: [],
    contentHash: null,
    sentByName: fullName(viewer()),
  };
  mockState.questionnaires.push(stored);
  return stored;
}

export const questionnaireHandlers: HttpHandler[] = [
  on('myQuestionnaires', () =>
    HttpResponse.json(
      mockState.questionnaires
        .filter((q) => q.clientId === viewer().id)
        .sort(byDue)
        .map(summary),
    ),
  ),
  on('myQuestionnaire', ({ params }) => HttpResponse.json(detail(own(idParam(params))))),
  on('saveQuestionnaireAnswers', async ({ params, request }) => {
    const q = own(idParam(params));
    const body = await readJson(request, 'saveQuestionnaireAnswers');
    if (q.status !== 'OPEN') return errorResponse(409, M.alreadySubmitted);
    const questions = new Map(
      (formOf(q.formId)?.sections ?? []).flatMap((s) => s.questions).map((x) => [x.id, x]),
    );
    for (const a of body.answers) {
      const question = questions.get(a.questionId);
      if (!question) return errorResponse(400, M.unknownQuestion);
      if (!answerFits(question, a.value)) return errorResponse(400, M.answerMisfit);
    }
    if (body.version !== q.version) return errorResponse(409, M.versionConflict);
    q.answers = body.answers;
    q.version += 1;
    return HttpResponse.json({ version: q.version, updatedAt: nowIso() });
  }),
  on('submitQuestionnaire', ({ params }) => {
    const q = own(idParam(params));
    if (q.status !== 'OPEN') return errorResponse(409, M.alreadySubmitted);
    const answered = new Map(q.answers.map((a) => [a.questionId, a.value]));
    const missing = (formOf(q.formId)?.sections ?? [])
      .flatMap((s) => s.questions)
      .some((x) => {
        const v = answered.get(x.id);
        return (
          x.required &&
          (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0))
        );
      });
    if (missing) return errorResponse(400, M.requiredMissing);
    q.status = 'SUBMITTED';
    q.submittedAt = nowIso();
    q.version += 1;
    q.contentHash = fakeHash(JSON.stringify(q.answers));
    return HttpResponse.json(detail(q));
  }),
  on('clientQuestionnaires', ({ params }) => {
    const clientId = idParam(params);
    careRelationOr403(clientId);
    if (!findUser(clientId)) return errorResponse(404, M.clientNotFound);
    return HttpResponse.json(
      mockState.questionnaires
        .filter((q) => q.clientId === clientId)
        .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
        .map(forStaff),
    );
  }),
  on('sendQuestionnaire', async ({ params, request }) => {
    const clientId = idParam(params);
    careRelationOr403(clientId);
    if (!findUser(clientId)) return errorResponse(404, M.clientNotFound);
    const body = await readJson(request, 'sendQuestionnaire');
    const sent = sendOne(body.formId, clientId, body.dueDate);
    if (!sent) return errorResponse(409, M.alreadyOpen);
    return HttpResponse.json(summary(sent), { status: 201 });
  }),
  on('sendQuestionnaires', async ({ request }) => {
    const body = await readJson(request, 'sendQuestionnaires');
    for (const id of body.clientIds) {
      if (!findUser(id)) return errorResponse(404, M.clientNotFound);
      careRelationOr403(id);
    }
    const sent: number[] = [];
    const alreadyOpen: number[] = [];
    for (const id of body.clientIds) {
      (sendOne(body.formId, id, body.dueDate) ? sent : alreadyOpen).push(id);
    }
    return HttpResponse.json({ sent, alreadyOpen });
  }),
  // The page's origin stands in for the server's PUBLIC_URL in the canonical URLs.
  on('formFhir', ({ params, request }) => {
    const form = formOf(idParam(params));
    if (!form) return errorResponse(404, M.formNotFound);
    return HttpResponse.json(toFhirQuestionnaire(form, new URL(request.url).origin));
  }),
  on('questionnaireResponseFhir', ({ params, request }) => {
    const q = mockState.questionnaires.find(
      (x) => x.id === idParam(params) && x.status === 'SUBMITTED',
    );
    if (!q) return errorResponse(404, M.responseNotFound);
    careRelationOr403(q.clientId);
    const client = findUser(q.clientId);
    return HttpResponse.json(
      toFhirQuestionnaireResponse(
        {
          id: q.id,
          formId: q.formId,
          clientId: q.clientId,
          clientName: client ? fullName(client) : '',
          submittedAt: new Date(q.submittedAt ?? nowIso()),
          sections: formOf(q.formId)?.sections ?? [],
          answers: q.answers,
        },
        new URL(request.url).origin,
      ),
    );
  }),
];

const names = [
  'myQuestionnaires',
  'myQuestionnaire',
  'saveQuestionnaireAnswers',
  'submitQuestionnaire',
  'clientQuestionnaires',
  'sendQuestionnaire',
  'sendQuestionnaires',
] as const;

export const questionnaireScenarios = {
  ...scenariosFor(names),
  /** She has none. */
  empty: [
    answer('myQuestionnaires', () => HttpResponse.json([])),
    answer('clientQuestionnaires', () => HttpResponse.json([])),
  ],
  /** The connection is lost: every save fails as a network error does. */
  offline: [answer('saveQuestionnaireAnswers', () => HttpResponse.error())],
};
