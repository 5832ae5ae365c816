// Action plans (spec §7): a client's action plans, history, upload and download.
import { answer } from './endpoint.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';
import { fileHandlers } from './file-history.ts';

export const actionPlanHandlers = fileHandlers(
  'actionPlans',
  {
    list: 'actionPlan',
    history: 'actionPlanHistory',
    upload: 'uploadActionPlan',
    download: 'downloadActionPlan',
  },
  'ACTION_PLAN_UPLOADED',
);

export const actionPlanScenarios = {
  ...scenariosFor(['actionPlan', 'actionPlanHistory', 'uploadActionPlan', 'downloadActionPlan']),
  /** No action plans. */
  empty: [
    answer('actionPlan', () => HttpResponse.json([])),
    answer('actionPlanHistory', () => HttpResponse.json([])),
  ],
  /** Upload fails without a message. */
  uploadFailure: [answer('uploadActionPlan', () => errorResponse(500))],
};
