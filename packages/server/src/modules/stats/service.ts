// New-user counts for the ADMIN's Hem tab (spec §2.7): clients (role USER) created in the last
// 7, 30 and 365 days, counted back from now.
import type { UserStats } from '@halsa/api/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export class StatsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async newUsers(): Promise<UserStats> {
    const now = this.clock.now().getTime();
    const since = (days: number) => new Date(now - days * DAY_MS);
    const row = await this.db
      .selectFrom('users')
      .where('role', '=', 'USER')
      // The widest of the three windows bounds the read: a range of users_role_created_idx, not
      // every client the clinic ever had (bench:capacity --plans, issue 38).
      .where('created_at', '>=', since(365))
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('created_at', '>=', since(7)).as('weekly'),
        eb.fn.countAll<string>().filterWhere('created_at', '>=', since(30)).as('monthly'),
        eb.fn.countAll<string>().filterWhere('created_at', '>=', since(365)).as('yearly'),
      ])
      .executeTakeFirstOrThrow();
    return { weekly: Number(row.weekly), monthly: Number(row.monthly), yearly: Number(row.yearly) };
  }
}
