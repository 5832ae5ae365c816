// Journal (spec §7 "Journal, labs, action plans"). Served so far: a client's latest signed note
// for the client overview (spec §2.6). The notes themselves, the forms builder and signing come
// with the journal feature (modules/not-yet-served.ts lists those endpoints).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { ClientService } from '../clients/service.ts';
import { JournalService } from './service.ts';

export const journalModule: AppModule = (app, ctx) => {
  const clients = new ClientService(ctx.db);
  const journal = new JournalService(ctx.db);

  defineRoute(
    app,
    endpointDefs.latestSignedNote,
    { audit: { action: 'JOURNAL_VIEWED', subject: ({ input }) => input.params.id } },
    async (_request, _reply, { params }) => {
      await clients.require(params.id);
      return { noteContent: await journal.latestSignedContent(params.id) };
    },
  );
};
