// Lab results (spec §7): an ADMIN uploads a client's lab files, staff read the history, the
// client lists and downloads her own. The file routes are shared with action plans; the lab
// upload also takes the structured CSV and FHIR files of design §4.12 (parse.ts), and the client
// has two routes of her own (issue 13): her files with the values read from them, and marking a
// file opened. Both are USER-only and always for the signed-in client (ownerParam).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { registerClientFileRoutes } from '../../files/client-file-routes.ts';
import { UPLOAD_POLICIES } from '../../files/upload.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { noteSigningKey } from '../journal/signature.ts';
import { sealLegacyFiles, labSealKey } from './seal.ts';
import { LabResultsService, labUploadReader } from './service.ts';

const OWNER = { ownerParam: 'userId' } as const;

export const labResultsModule: AppModule = (app, ctx) => {
  // Lab files are sealed with a key derived from SESSION_SECRET, as signed notes are (seal.ts).
  const sealKey = labSealKey(noteSigningKey(ctx.config.sessionSecret));
  registerClientFileRoutes(
    app,
    ctx,
    'LAB_RESULT',
    {
      upload: endpointDefs.uploadLab,
      history: endpointDefs.labHistory,
      list: endpointDefs.labData,
      download: endpointDefs.downloadLab,
    },
    { policy: UPLOAD_POLICIES.labFile, reader: labUploadReader(sealKey) },
  );

  const labs = new LabResultsService(ctx.db, ctx.clock, sealKey);

  // Files stored before the seal existed (marked by migration 0027) are sealed once, here, by
  // the server that holds the key; every instance may try, the first one's UPDATE wins.
  app.addHook('onReady', async () => {
    try {
      const n = await sealLegacyFiles(ctx.db, sealKey);
      if (n > 0) app.log.info(`Förseglade ${n} provsvarsfiler från före förseglingen`);
    } catch (err) {
      app.log.error({ err }, 'Provsvarsfilerna från före förseglingen kunde inte förseglas');
    }
  });

  // A client reading her own results is not logged (staff cannot call these routes).
  defineRoute(app, endpointDefs.labResults, { ...OWNER, audit: 'none' }, async (request) =>
    labs.overview(requireSession(request).userId),
  );

  // Staff reading a client's values, flags and trends on her page (design §4.7): her care team
  // or an open emergency access (checked in the database before anything is read) and ADMIN;
  // logged for the client as 'Visade provsvar' (LAB_RESULTS_VIEWED).
  defineRoute(
    app,
    endpointDefs.clientLabResults,
    {
      audit: { action: 'LAB_RESULTS_VIEWED', subject: ({ input }) => input.params.userId },
      careTeam: { client: ({ params }) => params.userId },
    },
    async (_request, _reply, { params }) => labs.clientOverview(params.userId),
  );

  defineRoute(
    app,
    endpointDefs.openLabFile,
    { ...OWNER, audit: 'none' },
    async (request, _reply, { params }) => {
      await labs.markOpened(requireSession(request).userId, params.fileName);
    },
  );
};
