import { z } from 'zod';

/** New users this week, month and year (ADMIN). */
export const userStatsSchema = z.object({
  weekly: z.number().int().nonnegative(),
  monthly: z.number().int().nonnegative(),
  yearly: z.number().int().nonnegative(),
});
export type UserStats = z.infer<typeof userStatsSchema>;
