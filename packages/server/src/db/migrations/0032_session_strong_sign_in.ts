// A session remembers whether its sign-in was strong on its own (design §4.18: an e-legitimation
// sign-in needs no password and no second step). The clinic's staff rule (§4.17) leads a STAFF or
// ADMIN without a passkey or an authenticator app to /profile/security after the e-mailed code;
// one who signed in with e-legitimation has already shown a strong method, so her session is not
// held back (access/strong-rule.ts). Sessions made before this are not strong.
export const name = '0032_session_strong_sign_in';

export const sql = /* sql */ `
alter table sessions add column strong_sign_in boolean not null default false;
`;
