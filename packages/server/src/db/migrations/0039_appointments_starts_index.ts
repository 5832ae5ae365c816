// Meetings by start (GET /api/v1/user/appointments for ADMIN, or STAFF with the care-team
// setting off, with no client named; issue 38): the list answers upcoming and recent meetings
// (`starts_at >= …`) or a page of earlier ones (`(starts_at, id) < (…, …)` newest first), and no
// index led with the start, so each call read every meeting of the clinic. One client's
// meetings are read by appointments_client_idx (client_user_id, starts_at).
export const name = '0039_appointments_starts_index';

export const sql = /* sql */ `
create index appointments_starts_idx on appointments (starts_at, id);
`;
