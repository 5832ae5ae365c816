// The modules of the app, in registration order: one folder per resource, named as in every
// other package (README "Adding a feature"): `src/modules/<resource>/routes.ts` exports an
// AppModule whose routes declare their roles through `defineRoute`.
import type { AppModule } from '../context.ts';
import { actionPlanModule } from './action-plan/routes.ts';
import { activityModule } from './activity/routes.ts';
import { authModule } from './auth/routes.ts';
import { careTeamModule } from './care-team/routes.ts';
import { clientsModule } from './clients/routes.ts';
import { devModule } from './dev/routes.ts';
import { eidModule } from './eid/routes.ts';
import { formsModule } from './forms/routes.ts';
import { healthModule } from './health/routes.ts';
import { invitationsModule } from './invitations/routes.ts';
import { journalModule } from './journal/routes.ts';
import { labResultsModule } from './lab-results/routes.ts';
import { messagingModule } from './messaging/routes.ts';
import { noticeMailsModule } from './notice-mails/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { profileModule } from './profile/routes.ts';
import { questionnairesModule } from './questionnaires/routes.ts';
import { selfTestModule } from './self-test/routes.ts';
import { appointmentsModule } from './appointments/routes.ts';
import { staffModule } from './staff/routes.ts';
import { statsModule } from './stats/routes.ts';
import { reportsModule } from './reports/routes.ts';
import { securityModule } from './security/routes.ts';

export const apiModules: AppModule[] = [
  healthModule,
  authModule,
  securityModule,
  profileModule,
  selfTestModule,
  appointmentsModule,
  invitationsModule,
  statsModule,
  reportsModule,
  careTeamModule,
  clientsModule,
  staffModule,
  activityModule,
  formsModule,
  journalModule,
  questionnairesModule,
  devModule,
  eidModule,
  notificationsModule,
  noticeMailsModule,
  labResultsModule,
  actionPlanModule,
  messagingModule,
];
