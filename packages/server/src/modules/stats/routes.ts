// New-user counts (spec §2.7, `GET /api/v1/admin/user-stats`).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { StatsService } from './service.ts';

export const statsModule: AppModule = (app, ctx) => {
  const stats = new StatsService(ctx.db, ctx.clock);
  defineRoute(app, endpointDefs.userStats, { audit: 'none' }, () => stats.newUsers());
};
