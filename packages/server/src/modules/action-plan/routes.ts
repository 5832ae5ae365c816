// Action plans (spec §7): an ADMIN uploads a client's action plans, staff read the history, the
// client lists and downloads her own. The routes are shared with lab results.
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { registerClientFileRoutes } from '../../files/client-file-routes.ts';

export const actionPlanModule: AppModule = (app, ctx) =>
  registerClientFileRoutes(app, ctx, 'ACTION_PLAN', {
    upload: endpointDefs.uploadActionPlan,
    history: endpointDefs.actionPlanHistory,
    list: endpointDefs.actionPlan,
    download: endpointDefs.downloadActionPlan,
  });
