// The Swedish month names, written once (issue 39): the journal contract's swedishDate writes a
// date answer with them and the portal's date formatting (ui lib/format.ts) writes dates without
// Intl. No zod here: the signed-in screens import this file through its own subpath export
// (`@halsa/api/swedish-months`) without the contract's schemas (`pnpm budget` checks that).

/** sv-SE's month names, January first, as ICU writes them with `month: 'long'`. */
export const SWEDISH_MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
] as const;
