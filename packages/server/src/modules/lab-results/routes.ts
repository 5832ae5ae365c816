// Lab results (spec §7): an ADMIN uploads a client's lab files, staff read the history, the
// client lists and downloads her own. The routes are shared with action plans.
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { registerClientFileRoutes } from '../../files/client-file-routes.ts';

export const labResultsModule: AppModule = (app, ctx) =>
  registerClientFileRoutes(app, ctx, 'LAB_RESULT', {
    upload: endpointDefs.uploadLab,
    history: endpointDefs.labHistory,
    list: endpointDefs.labData,
    download: endpointDefs.downloadLab,
  });
