// The modules of the app, in registration order. A later issue adds its module here:
// `src/modules/<resource>/routes.ts` exporting an AppModule (routes declare config.access).
import type { AppModule } from '../context.ts';
import { adminModule } from './admin/routes.ts';
import { authModule } from './auth/routes.ts';
import { devModule } from './dev/routes.ts';
import { filesModule } from './files/routes.ts';
import { messagingModule } from './messaging/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { userModule } from './user/routes.ts';

export const apiModules: AppModule[] = [
  authModule,
  userModule,
  adminModule,
  devModule,
  notificationsModule,
  filesModule,
  messagingModule,
];
