// Journal forms (spec §7 Forms), for STAFF and ADMIN: the list (bare or paged, `q` on the
// title), create, read, save with a version check, delete a section or a question, duplicate;
// delete and publish are ADMIN's (the roles are the contract table's; issue 22). A form holds no client's data; creating, publishing, duplicating and
// deleting are written to the activity log, the autosaves and reads are not (they would flood it).
import { endpointDefs, type Form } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { FormService } from './service.ts';

const formId = (result: unknown) => ({ formId: (result as Form).id });

export const formsModule: AppModule = (app, ctx) => {
  const forms = new FormService(ctx.db, ctx.clock);

  defineRoute(app, endpointDefs.formSummaries, { audit: 'none' }, (_request, _reply, { query }) =>
    forms.summaries(query),
  );

  defineRoute(
    app,
    endpointDefs.createForm,
    {
      audit: {
        action: 'FORM_CREATED',
        subject: () => null,
        details: ({ result }) => formId(result),
      },
    },
    async (request, reply, { body }) => {
      const form = await forms.create(requireSession(request).userId, body.purpose);
      reply.code(201);
      return form;
    },
  );

  defineRoute(app, endpointDefs.form, { audit: 'none' }, (_request, _reply, { params }) =>
    forms.get(params.id),
  );

  defineRoute(
    app,
    endpointDefs.updateForm,
    { audit: 'none' },
    (_request, _reply, { params, body }) => forms.update(params.id, body),
  );

  defineRoute(
    app,
    endpointDefs.deleteForm,
    {
      audit: {
        action: 'FORM_DELETED',
        subject: () => null,
        details: ({ input }) => ({ formId: input.params.id }),
      },
    },
    (_request, _reply, { params }) => forms.delete(params.id),
  );

  defineRoute(
    app,
    endpointDefs.publishForm,
    {
      audit: {
        action: 'FORM_PUBLISHED',
        subject: () => null,
        details: ({ result }) => formId(result),
      },
    },
    (_request, _reply, { params }) => forms.publish(params.id),
  );

  defineRoute(
    app,
    endpointDefs.deleteFormSection,
    { audit: 'none' },
    (_request, _reply, { params, query }) =>
      forms.deleteSection(params.id, params.sectionId, query.version),
  );

  defineRoute(
    app,
    endpointDefs.deleteFormQuestion,
    { audit: 'none' },
    (_request, _reply, { params, query }) =>
      forms.deleteQuestion(params.id, params.sectionId, params.questionId, query.version),
  );

  defineRoute(
    app,
    endpointDefs.duplicateForm,
    {
      audit: {
        action: 'FORM_CREATED',
        subject: () => null,
        details: ({ input, result }) => ({ ...formId(result), copyOf: input.params.id }),
      },
    },
    async (request, reply, { params }) => {
      const form = await forms.duplicate(params.id, requireSession(request).userId);
      reply.code(201);
      return form;
    },
  );
};
