// Journal (spec §7 "Journal, labs, action plans"; design.md §4.10): a USER's own signed notes,
// a client's journal for staff, the client's latest signed note for the overview, the fill-in
// of a form for a client (the unsigned note, autosaved) and its signing and sending by her care
// team or ADMIN (design §4.19), and the journal settings of /journal/general.
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { ClientService } from '../clients/service.ts';
import { JournalService } from './service.ts';
import { noteSigningKey } from './signature.ts';

export const journalModule: AppModule = (app, ctx) => {
  const clients = new ClientService(ctx.db);
  const journal = new JournalService(ctx.db, ctx.clock, {
    outbox: ctx.outbox,
    notifications: ctx.notifications,
    activity: ctx.activity,
    publicUrl: ctx.config.publicUrl,
    noteKey: noteSigningKey(ctx.config.sessionSecret),
  });

  defineRoute(
    app,
    endpointDefs.latestSignedNote,
    {
      audit: { action: 'JOURNAL_VIEWED', subject: ({ input }) => input.params.id },
      careTeam: { client: ({ params }) => params.id },
    },
    async (_request, _reply, { params }) => {
      await clients.require(params.id);
      return { noteContent: await journal.latestSignedContent(params.id) };
    },
  );

  // The caller's own signed notes: whatever she sends, only hers (the session decides).
  defineRoute(app, endpointDefs.dailyNotes, { audit: 'none' }, (request) =>
    journal.signedNotesOf(requireSession(request).userId),
  );

  defineRoute(
    app,
    endpointDefs.clientJournal,
    {
      audit: { action: 'JOURNAL_VIEWED', subject: ({ input }) => input.params.id },
      careTeam: { client: ({ params }) => params.id },
    },
    (_request, _reply, { params }) => journal.clientJournal(params.id),
  );

  defineRoute(
    app,
    endpointDefs.journalNote,
    {
      audit: { action: 'JOURNAL_VIEWED', subject: ({ input }) => input.params.userId },
      careTeam: { client: ({ params }) => params.userId },
    },
    async (_request, _reply, { params }) => ({
      note: await journal.unsignedNote(params.userId, params.formId),
    }),
  );

  // The activity row is written in the same transaction as the save (service.ts).
  defineRoute(
    app,
    endpointDefs.saveJournalNote,
    {
      audit: { records: ['JOURNAL_NOTE_SAVED'] },
      careTeam: { client: ({ params }) => params.userId },
    },
    (request, _reply, { params, body }) =>
      journal.save(params.userId, params.formId, body, {
        userId: requireSession(request).userId,
        ip: request.ip,
      }),
  );

  // The activity row is written inside the signing transaction (service.ts).
  defineRoute(
    app,
    endpointDefs.signJournalNote,
    {
      audit: { records: ['JOURNAL_NOTE_SIGNED'] },
      careTeam: { client: ({ params }) => params.userId },
    },
    (request, _reply, { params }) =>
      journal.sign(params.userId, params.formId, {
        userId: requireSession(request).userId,
        ip: request.ip,
      }),
  );

  defineRoute(app, endpointDefs.journalSettings, { audit: 'none' }, () => journal.settings.get());

  defineRoute(
    app,
    endpointDefs.updateJournalSettings,
    { audit: { action: 'JOURNAL_SETTINGS_CHANGED', subject: () => null } },
    (request, _reply, { body }) => journal.settings.update(body, requireSession(request).userId),
  );
};
