// Health questionnaires (design §4.19, issue 36). The client's routes are USER only and take her
// id from the session, never from the request. Staff's routes keep STAFF to her care team: one
// client by the path's id, a send to several by the service's own check (403, nothing sent), an
// answer's FHIR view by the questionnaire's client. Sends and submits are logged in their own
// transactions; reading a client's answers writes a log row naming her.
import { endpointDefs, QUESTIONNAIRE_MESSAGES } from '@halsa/api/contract';
import { toFhirQuestionnaire, toFhirQuestionnaireResponse } from '@halsa/api/fhir/questionnaire';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { conflict } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { ClientService } from '../clients/service.ts';
import { FormService } from '../forms/service.ts';
import { QuestionnaireService } from './service.ts';

export const questionnairesModule: AppModule = (app, ctx) => {
  const forms = new FormService(ctx.db, ctx.clock);
  const clients = new ClientService(ctx.db);
  const questionnaires = new QuestionnaireService(ctx.db, ctx.clock, forms, {
    outbox: ctx.outbox,
    notifications: ctx.notifications,
    activity: ctx.activity,
  });
  const senderOf = (request: Parameters<typeof requireSession>[0]) => {
    const session = requireSession(request);
    return { userId: session.userId, role: session.role, ip: request.ip };
  };

  // ---- the client's own ----------------------------------------------------------------------
  defineRoute(app, endpointDefs.myQuestionnaires, { audit: 'none' }, (request) =>
    questionnaires.listFor(requireSession(request).userId),
  );

  defineRoute(app, endpointDefs.myQuestionnaire, { audit: 'none' }, (request, _reply, { params }) =>
    questionnaires.detailFor(requireSession(request).userId, params.id),
  );

  defineRoute(
    app,
    endpointDefs.saveQuestionnaireAnswers,
    { audit: 'none' },
    (request, _reply, { params, body }) =>
      questionnaires.save(requireSession(request).userId, params.id, body),
  );

  defineRoute(
    app,
    endpointDefs.submitQuestionnaire,
    { audit: 'none' },
    (request, _reply, { params }) =>
      questionnaires.submit(requireSession(request).userId, params.id, request.ip),
  );

  // ---- staff ---------------------------------------------------------------------------------
  defineRoute(
    app,
    endpointDefs.clientQuestionnaires,
    {
      audit: { action: 'QUESTIONNAIRES_VIEWED', subject: ({ input }) => input.params.id },
      careTeam: { client: ({ params }) => params.id },
    },
    async (_request, _reply, { params }) => {
      await clients.require(params.id);
      return questionnaires.forStaff(params.id);
    },
  );

  // The QUESTIONNAIRE_SENT row is written in the sending transaction (service.ts).
  defineRoute(
    app,
    endpointDefs.sendQuestionnaire,
    {
      audit: { records: ['QUESTIONNAIRE_SENT'] },
      careTeam: { client: ({ params }) => params.id },
    },
    async (request, reply, { params, body }) => {
      const { sent } = await questionnaires.send(
        body.formId,
        [params.id],
        body.dueDate,
        senderOf(request),
      );
      const first = sent[0];
      if (!first) throw conflict(QUESTIONNAIRE_MESSAGES.alreadyOpen);
      reply.code(201);
      return first.summary;
    },
  );

  // STAFF: the service refuses the whole send (403) unless she may read every client in it.
  defineRoute(
    app,
    endpointDefs.sendQuestionnaires,
    { audit: { records: ['QUESTIONNAIRE_SENT'] }, careTeam: 'filtered' },
    async (request, _reply, { body }) => {
      const { sent, alreadyOpen } = await questionnaires.send(
        body.formId,
        body.clientIds,
        body.dueDate,
        senderOf(request),
      );
      return { sent: sent.map((s) => s.clientId), alreadyOpen };
    },
  );

  // A form holds no client's data.
  defineRoute(
    app,
    endpointDefs.formFhir,
    { audit: 'none' },
    async (_request, _reply, { params }) => {
      const form = await forms.get(params.id);
      return fhirJson(toFhirQuestionnaire(form, ctx.config.publicUrl));
    },
  );

  defineRoute(
    app,
    endpointDefs.questionnaireResponseFhir,
    {
      audit: {
        action: 'QUESTIONNAIRES_VIEWED',
        subject: ({ result }) =>
          Number((result as { subject: { reference: string } }).subject.reference.split('/')[1]),
        details: ({ input }) => ({ questionnaireId: input.params.id, format: 'FHIR' }),
      },
      careTeam: { client: ({ params }) => questionnaires.clientOf(params.id) },
    },
    async (_request, _reply, { params }) => {
      const { row, clientName, sections, answers } = await questionnaires.submitted(params.id);
      return fhirJson(
        toFhirQuestionnaireResponse(
          {
            id: row.id,
            formId: row.form_id,
            clientId: row.client_user_id,
            clientName,
            submittedAt: row.submitted_at!,
            sections,
            answers,
          },
          ctx.config.publicUrl,
        ),
      );
    },
  );
};

/** A FHIR resource as the contract's loose object (every field of it passes through). */
const fhirJson = <T extends { resourceType: string; id: string }>(resource: T) =>
  resource as T & Record<string, unknown>;
