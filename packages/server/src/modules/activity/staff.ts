// The staff the activity log can be narrowed to ('Utförd av'): every STAFF and ADMIN account,
// never a client, so the browser does not hold the register to build the filter (design §4.13).
// A clinic has tens of staff and tens of thousands of clients: the database picks them by role.
import type { StaffMember } from '@halsa/api/contract';
import type { Db } from '../../db/index.ts';

/** Sorted by the name as it is shown (first, last) in Swedish order, the same on both databases. */
const collator = new Intl.Collator('sv-SE');

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'role'])
    .where('role', 'in', ['STAFF', 'ADMIN'])
    .execute();
  return rows
    .flatMap((u) =>
      u.role === 'USER'
        ? []
        : [{ id: u.id, firstName: u.first_name, lastName: u.last_name, role: u.role }],
    )
    .sort(
      (a, b) =>
        collator.compare(`${a.firstName} ${a.lastName}`, `${b.firstName} ${b.lastName}`) ||
        a.id - b.id,
    );
}
