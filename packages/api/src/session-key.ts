// The session's SWR key (spec §3 names it `sessionUser`). A module of its own so the browser
// entry (useSession) does not pull in keys.ts and with it the route table (issue 14, budget).
export const SESSION_KEY = 'sessionUser';
