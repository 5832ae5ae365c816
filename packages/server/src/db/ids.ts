// The largest id a row can have: ids are PostgreSQL `integer`s, so a larger one in a URL names
// nothing (the route answers 404 without asking the database, which would fail on it).
export const MAX_DB_ID = 2_147_483_647;
