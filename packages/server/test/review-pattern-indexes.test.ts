// 'Logguppföljning' reads each kind of pattern by its own partial index (migration 0040). An
// index predicate is a literal, so it and the list's condition are kept equal here: if
// MANY_CLIENTS_PER_DAY changes, this fails until a migration gives the index the new figure
// (otherwise the list would silently read every staff-day of the month again).
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { PATTERN_PREDICATES } from '../src/modules/care-team/service.ts';
import { describeDb, useTestApp } from './helpers.ts';

describeDb('the review patterns’ partial indexes', () => {
  const t = useTestApp();

  it('have the predicates the list asks for', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where tablename = 'staff_read_days' and indexname in
        ('staff_read_days_outside_idx', 'staff_read_days_many_idx')
      order by indexname`.execute(t.db.db);
    const where = (name: string) =>
      rows.find((r) => r.indexname === name)?.indexdef.replace(/^.* WHERE /, '');
    expect(where('staff_read_days_outside_idx')).toBe(
      `(${PATTERN_PREDICATES.OUTSIDE_CARE_TEAM.replace('d.', '')})`,
    );
    expect(where('staff_read_days_many_idx')).toBe(
      `(${PATTERN_PREDICATES.MANY_CLIENTS.replace('d.', '')})`,
    );
  });
});
