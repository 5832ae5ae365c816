// The clinic's staff rule (design §4.17) is on in a fresh clinic. A test or bench that builds its
// own clinic, and whose staff sign in with the e-mailed code as the demo's do, turns it off here
// (no vitest import: the cluster bench uses it too).
import type { Db } from '../src/db/index.ts';

export async function setStaffStrongRule(db: Db, on: boolean): Promise<void> {
  await db
    .updateTable('clinic_settings')
    .set({ staff_strong_required: on })
    .where('id', '=', 1)
    .execute();
}
