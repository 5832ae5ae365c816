// 'Logguppföljning' (GET /api/v1/admin/activity/review, design §4.20) lists the last 30 days'
// patterns, newest day first, at most 500: staff-days with reads outside the care team, and
// staff-days with more than MANY_CLIENTS_PER_DAY (50) distinct clients. It read every staff-day
// of the window (15 003 rows at 500 staff, bench:capacity --plans, issue 38) to keep the few
// that are a pattern. Each kind now has a partial index of its own days in the list's order, so
// each half of the list reads only its own rows, newest first, and stops at 500.
// The 50 is the contract's MANY_CLIENTS_PER_DAY as a literal: an index predicate cannot take a
// parameter. test/review-pattern-indexes.test.ts fails if the two differ.
export const name = '0040_review_pattern_indexes';

export const sql = /* sql */ `
create index staff_read_days_outside_idx on staff_read_days (day desc, staff_id)
  where outside_clients > 0;
create index staff_read_days_many_idx on staff_read_days (day desc, staff_id)
  where clients > 50;
`;
